;;; tosca-mode.el --- TOSCA and Heat YAML modes for the tosca-ls language server -*- lexical-binding: t; -*-

;; Copyright the tosca-ls authors.
;; SPDX-License-Identifier: Apache-2.0

;; Author: the tosca-ls authors
;; Version: 0.3.0
;; Package-Requires: ((emacs "28.1"))
;; Keywords: languages, tools
;; URL: https://github.com/tosca-ls/tosca-ls

;;; Commentary:

;; `tosca-mode' and `heat-mode' are YAML modes for TOSCA service templates
;; and OpenStack Heat (HOT) templates, served by tosca-ls through Eglot or
;; lsp-mode.  They derive from `yaml-ts-mode' (when its grammar is
;; installed), else `yaml-mode', else a minimal YAML mode defined here
;; (comments, strings, key highlighting, indentation).
;;
;; A .yaml/.yml file gets one of them by content, by the rule the server
;; uses (see `tosca-detect'); .tosca files are always TOSCA.  M-x tosca-mode,
;; heat-mode or yaml-mode switches a buffer by hand, M-x normal-mode detects
;; again.
;;
;; Install: M-x package-install-file RET tosca-mode.el (its autoloads
;; then recognise TOSCA and Heat files; nothing to require), or put its
;; folder on `load-path' and (require 'tosca-mode).  Then M-x eglot, or
;; `eglot-ensure' in `tosca-mode-hook' and `heat-mode-hook', or M-x lsp.
;; The server: `tosca-ls' on PATH (a release archive, or go install), or
;; set `tosca-ls-command'.

;;; Code:

(defgroup tosca nil "TOSCA and Heat editing with tosca-ls." :group 'languages)

(defcustom tosca-ls-command '("tosca-ls" "serve")
  "Command line that starts the tosca-ls language server."
  :type '(repeat string))

(defcustom tosca-ls-settings nil
  "The server's settings as a plist, e.g. (:remoteImports t).
They are sent as the \"tosca\" section of initializationOptions; see
\"Server settings\" in the tosca-ls README."
  :type 'plist)

(defcustom tosca-indent-offset 2
  "Indentation step of the minimal YAML mode."
  :type 'integer)

;;;; The detection rule

(defconst tosca-detect-limit (* 64 1024)
  "Only this many bytes from the start of a file are looked at.")

(defconst tosca--version-key-regexp
  (concat "\\(?:\\`\\|[\r\n]\\)\\([\"']?\\)"
          "\\(tosca_definitions_version\\|heat_template_version\\)"
          "\\([\"']?\\)[ \t]*:\\(?:[ \t\r\n]\\|\\'\\)")
  "A key at the start of a line; the quotes are checked to match after.")

(defconst tosca--environment-key-regexp
  (concat "\\(?:\\`\\|[\r\n]\\)\\([\"']?\\)"
          "\\(resource_registry\\|parameter_defaults\\)"
          "\\([\"']?\\)[ \t]*:\\(?:[ \t\r\n]\\|\\'\\)")
  "A key of a Heat environment file at the start of a line.")

(defun tosca-detect ()
  "Return the dialect of the buffer by tosca-ls's rule, or nil.
The dialect is `tosca', `heat' or `heat-environment'.
A line in the first `tosca-detect-limit' bytes that starts, in column 0,
with tosca_definitions_version or heat_template_version (bare or in
matching quotes), then blanks, a colon and a blank or the line end,
decides; the first one wins.  Without one, such a line with
resource_registry or parameter_defaults makes a Heat environment file.
The cases every integration is tested against are in
testdata/detect/cases.json."
  (save-excursion
    (save-restriction
      (widen)
      (let* ((start (if (eq (char-after (point-min)) ?\ufeff) (1+ (point-min)) (point-min)))
             (end (or (byte-to-position (+ (position-bytes start) tosca-detect-limit)) (point-max)))
             (case-fold-search nil)
             found)
        (narrow-to-region start (min end (point-max)))
        (goto-char (point-min))
        (while (and (not found) (re-search-forward tosca--version-key-regexp nil t))
          (when (equal (match-string 1) (match-string 3))
            (setq found (if (equal (match-string 2) "tosca_definitions_version") 'tosca 'heat)))
          ;; Go on after this key: a match may start at the buffer start
          ;; again, so never search from before it.
          (goto-char (match-end 2)))
        (goto-char (point-min))
        (while (and (not found) (re-search-forward tosca--environment-key-regexp nil t))
          (when (equal (match-string 1) (match-string 3))
            (setq found 'heat-environment))
          (goto-char (match-end 2)))
        found))))

(defun tosca--yaml-file-p ()
  "Return non-nil if the buffer visits a .yaml or .yml file.
Detection by content applies to those."
  (and buffer-file-name
       (string-match-p "\\.ya?ml\\'" (file-name-sans-versions buffer-file-name))))

;; The matchers are autoloaded: the autoloads of the installed package put
;; them in `magic-mode-alist', and the first file visited loads this file.
;;;###autoload
(defun tosca--magic-tosca-p ()
  "`magic-mode-alist' matcher for TOSCA files."
  (and (tosca--yaml-file-p) (eq (tosca-detect) 'tosca)))

;;;###autoload
(defun tosca--magic-heat-p ()
  "`magic-mode-alist' matcher for Heat templates and environment files."
  (and (tosca--yaml-file-p) (memq (tosca-detect) '(heat heat-environment))))

;;;; A minimal YAML mode, for when neither yaml-ts-mode nor yaml-mode is there

(defvar tosca-yaml-base-mode-syntax-table
  (let ((table (make-syntax-table)))
    ;; # starts a comment only after a blank or at a line start: see
    ;; `tosca--syntax-propertize'.
    (modify-syntax-entry ?# "." table)
    (modify-syntax-entry ?\n ">" table)
    (modify-syntax-entry ?\" "\"" table)
    ;; A quote inside a plain scalar (it's) is not a string.
    (modify-syntax-entry ?' "." table)
    (modify-syntax-entry ?_ "_" table)
    (modify-syntax-entry ?- "_" table)
    (modify-syntax-entry ?. "_" table)
    table)
  "Syntax table of `tosca-yaml-base-mode'.")

(defconst tosca--syntax-propertize
  (syntax-propertize-rules ("\\(?:^\\|[ \t]\\)\\(#\\)" (1 "<")))
  "Marks the # that start YAML comments.")

(defconst tosca--font-lock-keywords
  '(("^\\(?:---\\|\\.\\.\\.\\)\\(?:[ \t]\\|$\\)" . font-lock-preprocessor-face)
    ("^[ \t]*\\(?:- \\)*\\([^-#:\n \t\"'][^#:\n]*?\\)[ \t]*:\\(?:[ \t]\\|$\\)" 1 font-lock-variable-name-face)
    ("\\(?:^\\|[ \t,[{]\\)\\([&*][^ \t\n,]+\\)" 1 font-lock-constant-face))
  "Keys, document markers, anchors and aliases.")

(defun tosca--previous-line-indentation ()
  "The previous code line's indentation, and whether it opens a block.
Blank and comment lines are passed over."
  (save-excursion
    (beginning-of-line)
    (if (not (re-search-backward "^[ \t]*[^ \t\n#]" nil t))
        (cons 0 nil)
      (let ((indent (current-indentation))
            (line (buffer-substring-no-properties (line-beginning-position) (line-end-position))))
        (cons (if (string-match "\\`[ \t]*\\(\\(?:- \\)+\\)" line)
                  ;; The content of a list item starts after its dash.
                  (+ indent (length (match-string 1 line)))
                indent)
              (string-match-p ":[ \t]*\\(?:[|>][-+0-9]*\\)?[ \t]*\\(?:#.*\\)?\\'" line))))))

(defun tosca-indent-line ()
  "Indent like the previous line, one step more after a line ending in a colon.
Repeating the command cycles the line to the shallower levels."
  (interactive)
  (let* ((prev (tosca--previous-line-indentation))
         (deepest (+ (car prev) (if (cdr prev) tosca-indent-offset 0)))
         (current (current-indentation))
         (target (if (and (eq this-command 'indent-for-tab-command)
                          (eq last-command 'indent-for-tab-command)
                          (> current 0)
                          (<= current deepest))
                     (- current tosca-indent-offset)
                   deepest))
         (offset (- (current-column) current)))
    (indent-line-to (max 0 target))
    (when (> offset 0) (forward-char offset))))

(define-derived-mode tosca-yaml-base-mode text-mode "YAML"
  "A minimal YAML mode: comments, strings, keys and indentation.
Used as the parent of `tosca-mode' and `heat-mode' when neither
`yaml-ts-mode' nor `yaml-mode' is available."
  :syntax-table tosca-yaml-base-mode-syntax-table
  (setq-local comment-start "# ")
  (setq-local comment-end "")
  (setq-local comment-start-skip "#+[ \t]*")
  (setq-local syntax-propertize-function tosca--syntax-propertize)
  (setq-local font-lock-defaults '(tosca--font-lock-keywords))
  (setq-local indent-line-function #'tosca-indent-line)
  (setq-local indent-tabs-mode nil)
  (setq-local tab-width tosca-indent-offset))

(defun tosca--parent ()
  "The YAML mode TOSCA and Heat modes derive from."
  (cond ((and (fboundp 'yaml-ts-mode)
              (fboundp 'treesit-language-available-p)
              (treesit-language-available-p 'yaml))
         'yaml-ts-mode)
        ((fboundp 'yaml-mode) 'yaml-mode)
        (t 'tosca-yaml-base-mode)))

(defalias 'tosca--parent-mode (tosca--parent))

;;;; The modes

;;;###autoload
(define-derived-mode tosca-mode tosca--parent-mode "TOSCA"
  "Major mode for TOSCA service templates (YAML), served by tosca-ls.")

;;;###autoload
(define-derived-mode heat-mode tosca--parent-mode "Heat"
  "Major mode for OpenStack Heat (HOT) templates (YAML), served by tosca-ls.")

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.tosca\\'" . tosca-mode))
;;;###autoload
(add-to-list 'magic-mode-alist '(tosca--magic-tosca-p . tosca-mode))
;;;###autoload
(add-to-list 'magic-mode-alist '(tosca--magic-heat-p . heat-mode))

;;;; Language server clients

(defvar eglot-server-programs)
(defvar lsp-language-id-configuration)
(declare-function lsp-register-client "lsp-mode" (client))
(declare-function make-lsp-client "lsp-mode" (&rest args))
(declare-function lsp-stdio-connection "lsp-mode" (command &optional test-command))
(declare-function lsp-activate-on "lsp-mode" (&rest languages))

(defun tosca--eglot-contact (&optional _interactive)
  "The Eglot contact for tosca-ls: the command and the settings."
  (append tosca-ls-command
          (and tosca-ls-settings
               (list :initializationOptions (list :tosca tosca-ls-settings)))))

;;;###autoload
(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs
               '(((tosca-mode :language-id "tosca") (heat-mode :language-id "heat"))
                 . tosca--eglot-contact)))

;;;; Topology

(declare-function eglot-current-server "eglot" ())
(declare-function jsonrpc-request "jsonrpc" (connection method params &rest args))
(declare-function lsp-request "lsp-mode" (method params &rest args))
(declare-function lsp-workspaces "lsp-mode" ())

(defcustom tosca-topology-viewer (if (eq system-type 'darwin) "open" "xdg-open")
  "Program that opens the topology file `tosca-show-topology' writes.
nil opens it in Emacs instead (an SVG shows as an image when Emacs
supports SVG)."
  :type '(choice string (const :tag "Open in Emacs" nil)))

(defun tosca--topology-request (params)
  "Send workspace/executeCommand PARAMS with the client serving this buffer."
  (cond ((and (fboundp 'eglot-current-server) (eglot-current-server))
         (jsonrpc-request (eglot-current-server) :workspace/executeCommand params))
        ((and (fboundp 'lsp-workspaces) (lsp-workspaces))
         (lsp-request "workspace/executeCommand" params))
        (t (user-error "This buffer is not served by tosca-ls (start Eglot or lsp-mode)"))))

(defun tosca-show-topology (&optional format)
  "Write the topology of this file's service template and open it.
FORMAT is \"svg\" (the default) or \"mermaid\" (with a prefix
argument).  The file is written to the directory of the variable
`temporary-file-directory' and opened with `tosca-topology-viewer'.
Returns the file's name."
  (interactive (list (if current-prefix-arg "mermaid" "svg")))
  (let* ((format (or format "svg"))
         (uri (concat "file://" (expand-file-name buffer-file-name)))
         (graph (tosca--topology-request
                 (list :command "tosca-ls.topology" :arguments (vector uri format))))
         ;; Eglot decodes objects as plists, lsp-mode (by default) as hash tables.
         (rendered (cond ((hash-table-p graph) (gethash "rendered" graph))
                         ((listp graph) (plist-get graph :rendered)))))
    (unless rendered
      (user-error "This file has no service template"))
    (let ((file (expand-file-name
                 (format "%s-topology.%s" (file-name-base buffer-file-name)
                         (if (equal format "svg") "svg" "mmd"))
                 temporary-file-directory)))
      (with-temp-file file (insert rendered))
      (if tosca-topology-viewer
          (call-process tosca-topology-viewer nil 0 nil file)
        (find-file-other-window file))
      file)))

;;;; Code lenses

(declare-function lsp--locations-to-xref-items "lsp-mode" (locations))
(declare-function lsp-show-xrefs "lsp-mode" (xrefs display-action references?))

(defun tosca--show-references (command)
  "Show the locations a tosca-ls code lens opens, as references.
COMMAND is the lens's command, tosca-ls.showReferences, with the
arguments [uri, position, locations].  lsp-mode shows code lenses
\=(`lsp-lens-mode') and runs this for them; Eglot shows none.
Returns the xref items shown."
  (let* ((arguments (if (hash-table-p command)
                        (gethash "arguments" command)
                      (plist-get command :arguments)))
         (items (lsp--locations-to-xref-items (aref arguments 2))))
    (lsp-show-xrefs items nil t)
    items))

;;;###autoload
(with-eval-after-load 'lsp-mode
  (add-to-list 'lsp-language-id-configuration '(tosca-mode . "tosca"))
  (add-to-list 'lsp-language-id-configuration '(heat-mode . "heat"))
  (lsp-register-client
   (make-lsp-client
    :new-connection (lsp-stdio-connection (lambda () tosca-ls-command))
    :activation-fn (lsp-activate-on "tosca" "heat")
    :initialization-options (lambda () (and tosca-ls-settings (list :tosca tosca-ls-settings)))
    :action-handlers (let ((handlers (make-hash-table :test #'equal)))
                       (puthash "tosca-ls.showReferences" #'tosca--show-references handlers)
                       handlers)
    :server-id 'tosca-ls)))

(provide 'tosca-mode)
;;; tosca-mode.el ends here
