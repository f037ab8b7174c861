;;; emacs.el --- Emacs driver of the editor tests  -*- lexical-binding: t -*-
;; Started by editortest as
;;   emacs -Q --batch -l drivers/emacs.el CLIENT package
;;   emacs --batch -L editors/emacs -l drivers/emacs.el CLIENT load-path
;; with CLIENT eglot or lsp-mode.  With package, tosca-mode.el was
;; installed by package-install-file into the package folder
;; $TOSCA_LS_ELPA (by an Emacs before this one): this one starts as a
;; user's does, activating the installed packages, and requires nothing,
;; so the files are recognised by its autoloads.  With load-path it is
;; required.
;; The modes, their detection and the client entries come from the
;; project's tosca-mode.el, set up as its commentary says; this file only
;; opens files, asks, and writes the results as JSON for the Go test to
;; check.  The scenario is read from $TOSCA_LS_SCENARIO.
(require 'json)
(require 'cl-lib)
(require 'subr-x)

(defvar driver-client (intern (car command-line-args-left)))
(defvar driver-install (intern (cadr command-line-args-left)))
(setq command-line-args-left nil)
(defvar driver-scenario (json-read-file (getenv "TOSCA_LS_SCENARIO")))
(defvar driver-result (list (cons 'client (symbol-name driver-client))))
(defvar driver-tmp (make-temp-file "tosca-ls-emacs-" t))

(defun driver-get (&rest keys)
  (let ((v driver-scenario))
    (dolist (k keys v) (setq v (alist-get k v)))))
(defun driver-put (key value) (push (cons key value) driver-result))
(defun driver-file (name) (expand-file-name name (driver-get 'workspace)))
(defun driver-wait (secs what pred)
  (let ((deadline (+ (float-time) secs)))
    (while (and (not (funcall pred)) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (or (funcall pred) (error "Timeout waiting for %s" what))))
(defun driver-goto (pos)
  (goto-char (point-min))
  (forward-line (alist-get 'line pos))
  (forward-char (alist-get 'character pos)))

(setq make-backup-files nil
      ;; Keep ~/.emacs.d untouched.
      user-emacs-directory (file-name-as-directory driver-tmp))

(defun driver-detect-table ()
  "tosca-detect on every case of the shared table."
  (let* ((json-array-type 'list)
         (cases (alist-get 'cases (json-read-file (driver-get 'detectCases)))))
    (driver-put 'detect
                (vconcat
                 (mapcar (lambda (c)
                           (let ((rep (alist-get 'repeat c)))
                             (with-temp-buffer
                               (when rep
                                 (dotimes (_ (alist-get 'count rep)) (insert (alist-get 'text rep))))
                               (insert (alist-get 'text c))
                               `((name . ,(alist-get 'name c))
                                 (got . ,(symbol-name (or (tosca-detect) 'none)))))))
                         cases)))))

(defun driver-mode-checks ()
  "What the TOSCA mode gives without any YAML package: comments and indentation."
  (with-temp-buffer
    (insert "node_types:\n  my.App:\n    derived_from: x # note\nurl: http://h/#frag\n")
    (tosca-mode)
    (font-lock-ensure)
    (syntax-propertize (point-max))
    (goto-char (point-min)) (search-forward "note")
    (let ((in-comment (nth 4 (syntax-ppss))))
      (goto-char (point-min)) (search-forward "frag")
      (driver-put 'mode
                  `((parent . ,(symbol-name (get 'tosca-mode 'derived-mode-parent)))
                    (base . ,(symbol-name (symbol-function 'tosca--parent-mode)))
                    (commentStart . ,comment-start)
                    (commentAfterBlank . ,(if in-comment t :json-false))
                    (commentInsideWord . ,(if (nth 4 (syntax-ppss)) t :json-false))
                    (indentAfterKey . ,(progn (goto-char (point-min)) (end-of-line) (newline)
                                              (indent-according-to-mode) (current-indentation)))
                    (indentAfterValue . ,(progn (goto-char (point-min)) (forward-line 3) (end-of-line) (newline)
                                                (indent-according-to-mode) (current-indentation))))))))

(defun driver-language (mode)
  (pcase mode ('tosca-mode "tosca") ('heat-mode "heat") (_ (symbol-name mode))))

(defun driver-eglot-setup ()
  (require 'eglot)
  (setq eglot-sync-connect 10
        eglot-autoshutdown t
        flymake-no-changes-timeout 0.1)
  ;; The set-up tosca-mode.el's commentary gives:
  (add-hook 'tosca-mode-hook #'eglot-ensure)
  (add-hook 'heat-mode-hook #'eglot-ensure))

(defun driver-lsp-mode-setup ()
  (setq lsp-session-file (expand-file-name "lsp-session" driver-tmp)
        lsp-server-install-dir (expand-file-name "servers" driver-tmp)
        lsp-client-packages nil        ; only the client tosca-mode.el registers
        lsp-keep-workspace-alive nil
        lsp-restart 'ignore
        lsp-enable-snippet nil
        lsp-log-io nil
        ;; Only what the test asks for; these need packages not loaded here.
        lsp-modeline-workspace-status-enable nil
        lsp-modeline-code-actions-enable nil
        lsp-modeline-diagnostics-enable nil
        lsp-headerline-breadcrumb-enable nil)
  (require 'lsp-mode)
  (require 'lsp-completion)
  ;; lsp-mode asks whether to import a project root; say yes beforehand.
  (lsp-workspace-folders-add (driver-get 'workspace))
  (add-hook 'tosca-mode-hook #'lsp)
  (add-hook 'heat-mode-hook #'lsp))

(defun driver-served-p ()
  (pcase driver-client
    ('eglot (and (eglot-current-server) t))
    ('lsp-mode (and (bound-and-true-p lsp-mode) (lsp-workspaces) t))))

(defun driver-ready-p ()
  (pcase driver-client
    ('eglot (eglot-current-server))
    ('lsp-mode (and (lsp-workspaces)
                    (eq (lsp--workspace-status (car (lsp-workspaces))) 'initialized)))))

(defun driver-diagnostics ()
  (pcase driver-client
    ('eglot
     (flymake-start)
     (mapcar (lambda (d)
               (save-excursion
                 (goto-char (flymake-diagnostic-beg d))
                 `((line . ,(1- (line-number-at-pos))) (character . ,(current-column))
                   (message . ,(flymake-diagnostic-text d)))))
             (flymake-diagnostics)))
    ('lsp-mode
     (mapcar (lambda (d)
               (let ((start (lsp:range-start (lsp:diagnostic-range d))))
                 `((line . ,(lsp:position-line start)) (character . ,(lsp:position-character start))
                   (message . ,(lsp:diagnostic-message d)))))
             (gethash (buffer-file-name) (lsp-diagnostics t))))))

(defun driver-hover ()
  (pcase driver-client
    ('eglot
     (let ((hover (jsonrpc-request (eglot--current-server-or-lose) :textDocument/hover
                                   (eglot--TextDocumentPositionParams))))
       (eglot--hover-info (plist-get hover :contents))))
    ('lsp-mode
     (let ((hover (lsp-request "textDocument/hover" (lsp--text-document-position-params))))
       (lsp:markup-content-value (lsp:hover-contents hover))))))

(defun driver-completion ()
  (pcase-let ((`(,beg ,_end ,table . ,_)
               (pcase driver-client
                 ('eglot (eglot-completion-at-point))
                 ('lsp-mode (lsp-completion-at-point)))))
    ;; The bounds cover the whole word after point: complete what is before it.
    (all-completions (buffer-substring-no-properties beg (point)) table)))

(defun driver-install ()
  "Install or load tosca-mode as `driver-install' says."
  (pcase driver-install
    ('package
     (require 'package)
     (setq package-user-dir (getenv "TOSCA_LS_ELPA"))
     ;; Eglot is the machine's: Debian's elpa-eglot, in the system package
     ;; folder its site start-up file (which -Q skips) names.
     (when (file-directory-p "/usr/share/emacs/site-lisp/elpa")
       (add-to-list 'package-directory-list "/usr/share/emacs/site-lisp/elpa"))
     (package-initialize)
     (driver-put 'installed (if (package-installed-p 'tosca-mode) t :json-false))
     (driver-put 'loadedBeforeVisit (if (featurep 'tosca-mode) t :json-false)))
    ('load-path (require 'tosca-mode))
    (_ (error "Unknown install %s" driver-install))))

;; The places xref items point at, as the Go test reads them (0-based lines).
(defun driver-locations (xrefs)
  (vconcat
   (mapcar (lambda (x)
             (let ((loc (xref-item-location x)))
               `((path . ,(xref-file-location-file loc))
                 (line . ,(1- (xref-file-location-line loc)))
                 (character . ,(xref-file-location-column loc)))))
           xrefs)))

(defun driver-run ()
  (driver-install)
  (pcase driver-client
    ('eglot (driver-eglot-setup))
    ('lsp-mode (driver-lsp-mode-setup))
    (_ (error "Unknown client %s" driver-client)))
  (let ((languages nil) (served nil))
    (dolist (name (list (driver-get 'descriptionFirst) (driver-get 'heat) (driver-get 'plain) (driver-get 'main)))
      (find-file (driver-file name))
      ;; eglot-ensure and lsp-deferred wait for a command loop that --batch lacks.
      (run-hooks 'post-command-hook)
      (when (memq major-mode '(tosca-mode heat-mode))
        (driver-wait 10 (format "the server for %s" name) #'driver-served-p))
      (push (cons (intern name) (driver-language major-mode)) languages)
      (push (cons (intern name) (if (driver-served-p) t :json-false)) served))
    (driver-put 'languages languages)
    (driver-put 'served served))
  ;; Visiting a TOSCA file loaded tosca-mode (an installed package's autoloads).
  (driver-detect-table)
  (driver-mode-checks)
  (driver-wait 10 "initialize" #'driver-ready-p)
  (driver-put 'started t)
  (driver-wait 15 "diagnostics" #'driver-diagnostics)
  (driver-put 'diagnostics (vconcat (driver-diagnostics)))
  (driver-goto (driver-get 'hover))
  (driver-put 'hover (driver-hover))
  (driver-goto (driver-get 'completion))
  (driver-put 'completion (vconcat (driver-completion)))
  ;; M-x tosca-show-topology writes the SVG (here with a viewer that does nothing).
  (let* ((tosca-topology-viewer "true")
         (file (tosca-show-topology)))
    (driver-put 'topology (with-temp-buffer (insert-file-contents file) (buffer-string))))
  ;; lsp-mode's code lenses (Eglot shows none): the lens of the node
  ;; template a requirement targets, run as lsp-lens runs it, shows that
  ;; requirement through tosca-mode's handler of tosca-ls.showReferences.
  (when (eq driver-client 'lsp-mode)
    (let* ((lenses (lsp-request "textDocument/codeLens" `(:textDocument ,(lsp--text-document-identifier))))
           (resolved (mapcar (lambda (l) (lsp-request "codeLens/resolve" l)) lenses))
           (on-line (seq-find (lambda (l)
                                (= (lsp:position-line (lsp:range-start (lsp:code-lens-range l)))
                                   (driver-get 'lens 'line)))
                              resolved)))
      (driver-put 'codeLenses
                  (vconcat (mapcar (lambda (l)
                                     `((line . ,(lsp:position-line (lsp:range-start (lsp:code-lens-range l))))
                                       (title . ,(lsp:command-title (lsp:code-lens-command? l)))))
                                   resolved)))
      (driver-put 'lensShown
                  (driver-locations (and on-line (lsp--execute-command (lsp:code-lens-command? on-line)))))))
  ;; Go to definition the way M-. does: through the xref backend.
  (driver-goto (driver-get 'definition))
  (let* ((backend (xref-find-backend))
         (xrefs (xref-backend-definitions backend (xref-backend-identifier-at-point backend))))
    (driver-put 'definition (driver-locations xrefs)))
  (pcase driver-client
    ('eglot (eglot-shutdown (eglot-current-server) nil 10))
    ('lsp-mode (let ((ws (car (lsp-workspaces))))
                 (lsp-workspace-shutdown ws)
                 (driver-wait 10 "server exit" (lambda () (not (process-live-p (lsp--workspace-proc ws)))))))))

(let ((code 0))
  (condition-case err
      (driver-run)
    (error (driver-put 'error (format "%S" err))
           (setq code 1)))
  (with-temp-file (driver-get 'out)
    (insert (json-encode driver-result)))
  (delete-directory driver-tmp t)
  (kill-emacs code))
