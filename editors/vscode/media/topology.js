// The topology webview: shows the server's SVG, pans (drag) and zooms
// (wheel, keeping the point under the pointer), fits on demand, and asks
// the extension to reveal the source of a clicked element.
(function () {
  'use strict';
  const vscode = acquireVsCodeApi();
  const viewport = document.getElementById('viewport');
  const canvas = document.getElementById('canvas');
  const status = document.getElementById('status');
  const title = document.getElementById('title');
  let view = { x: 0, y: 0, scale: 1 };
  let fitted = false;

  function apply() {
    canvas.style.transform = `translate(${view.x}px, ${view.y}px) scale(${view.scale})`;
  }

  function fit() {
    const svg = canvas.querySelector('svg');
    if (!svg) {
      return;
    }
    const w = svg.getBoundingClientRect().width / view.scale;
    const h = svg.getBoundingClientRect().height / view.scale;
    const box = viewport.getBoundingClientRect();
    const scale = Math.min(1.5, (box.width - 16) / w, (box.height - 16) / h);
    view = { x: (box.width - w * scale) / 2, y: 8, scale: scale > 0 ? scale : 1 };
    apply();
  }

  function show(message) {
    status.textContent = message;
    status.style.display = message ? 'block' : 'none';
  }

  window.addEventListener('message', (event) => {
    const m = event.data;
    if (m.type === 'empty') {
      canvas.replaceChildren();
      show(m.message);
      vscode.postMessage({ type: 'rendered', nodes: [] });
      return;
    }
    if (m.type !== 'draw') {
      return;
    }
    show('');
    title.textContent = m.title;
    const doc = new DOMParser().parseFromString(m.svg, 'image/svg+xml');
    const svg = doc.documentElement;
    if (svg.nodeName !== 'svg') {
      show('The server sent no drawing.');
      return;
    }
    canvas.replaceChildren(document.importNode(svg, true));
    if (!fitted) {
      fit();
      fitted = true;
    }
    const nodes = [...canvas.querySelectorAll('g.node')].map((g) =>
      [...g.querySelectorAll('text')].map((t) => t.textContent).join('\n'),
    );
    vscode.postMessage({ type: 'rendered', nodes });
  });

  document.getElementById('fit').addEventListener('click', fit);

  viewport.addEventListener(
    'wheel',
    (e) => {
      e.preventDefault();
      const box = viewport.getBoundingClientRect();
      const px = e.clientX - box.left;
      const py = e.clientY - box.top;
      const factor = Math.exp(-e.deltaY * 0.0015);
      const scale = Math.min(8, Math.max(0.1, view.scale * factor));
      view.x = px - ((px - view.x) * scale) / view.scale;
      view.y = py - ((py - view.y) * scale) / view.scale;
      view.scale = scale;
      apply();
    },
    { passive: false },
  );

  let drag;
  viewport.addEventListener('pointerdown', (e) => {
    drag = { x: e.clientX, y: e.clientY, vx: view.x, vy: view.y, moved: false };
    viewport.setPointerCapture(e.pointerId);
  });
  viewport.addEventListener('pointermove', (e) => {
    if (!drag) {
      return;
    }
    const dx = e.clientX - drag.x;
    const dy = e.clientY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 3) {
      drag.moved = true;
      viewport.classList.add('panning');
    }
    view.x = drag.vx + dx;
    view.y = drag.vy + dy;
    apply();
  });
  viewport.addEventListener('pointerup', (e) => {
    const moved = drag && drag.moved;
    drag = undefined;
    viewport.classList.remove('panning');
    viewport.releasePointerCapture(e.pointerId);
    if (moved) {
      return;
    }
    // A click: the element whose id names a graph element.
    const hit = document.elementFromPoint(e.clientX, e.clientY);
    const el = hit && hit.closest('[id^="n:"], [id^="e:"], [id^="in:"], [id^="out:"], [id^="g:"], [id^="p:"]');
    if (el) {
      vscode.postMessage({ type: 'reveal', id: el.id });
    }
  });
  // Messages sent before this script listens are lost: the extension draws
  // once it hears this.
  vscode.postMessage({ type: 'ready' });
})();
