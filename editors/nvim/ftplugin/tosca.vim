" tosca files are YAML: YAML's comments, formatting and options.
runtime! ftplugin/yaml.vim ftplugin/yaml_*.vim ftplugin/yaml/*.vim
