" tosca files are YAML: YAML's indentation.
runtime! indent/yaml.vim
