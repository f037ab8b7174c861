" heat files are YAML: YAML's syntax, under the heat filetype.
if exists('b:current_syntax')
  finish
endif
runtime! syntax/yaml.vim
let b:current_syntax = 'heat'
