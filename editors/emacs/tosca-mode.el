;;; tosca-mode.el --- Major mode for TOSCA YAML with the tosca-ls language server -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "28.1"))
;; Keywords: languages, tosca, yaml

;;; Commentary:
;; TOSCA service templates are YAML files whose first key is
;; tosca_definitions_version.  `tosca-mode' derives from `yaml-ts-mode' (or
;; `yaml-mode', else `prog-mode') so YAML editing stays as it is, is chosen by
;; content for .yaml/.yml files and by extension for .tosca files, and registers
;; tosca-ls with eglot under the language id "tosca".

;;; Code:

(defgroup tosca nil "TOSCA editing." :group 'languages)

(defcustom tosca-ls-command '("tosca-ls" "serve")
  "Command line that starts the tosca-ls language server."
  :type '(repeat string))

(defalias 'tosca--parent-mode
  (cond ((fboundp 'yaml-ts-mode) 'yaml-ts-mode)
        ((fboundp 'yaml-mode) 'yaml-mode)
        (t 'prog-mode)))

;;;###autoload
(define-derived-mode tosca-mode tosca--parent-mode "TOSCA"
  "Major mode for TOSCA YAML files, served by tosca-ls.")

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.tosca\\'" . tosca-mode))

;;;###autoload
(add-to-list 'magic-mode-alist
             '("\\(?:#.*\n\\|[ \t]*\n\\|---.*\n\\)*\\(?:tosca_definitions_version\\|heat_template_version\\)[ \t]*:" . tosca-mode))

;;;###autoload
(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs
               `((tosca-mode :language-id "tosca") . ,tosca-ls-command)))

(provide 'tosca-mode)
;;; tosca-mode.el ends here
