" tosca files are YAML: YAML's syntax, under the tosca filetype.
if exists('b:current_syntax')
  finish
endif
runtime! syntax/yaml.vim
let b:current_syntax = 'tosca'
