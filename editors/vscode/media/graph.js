// The dependency graph page of the webview (Carina: Show Dependency Graph). It draws what the
// extension posts, {type: 'graph', graph, svgs?}: graph is the carina/graph JSON (format_version 1),
// svgs the server's pictures of it by direction. The picture is annotated with the graph's ids
// (data-node-id on nodes, data-from/data-to on edges), clicking one posts {type: 'reveal', file,
// range}, and the problems (cycles, errors, waits that gate nothing, statements left out) are
// listed above it. Without a picture the nodes and edges are listed. Of the pictures ({LR, TB}; a
// lone svg is drawn as it is) the page draws the one that fits the view at the larger scale,
// shrunk to fit only while its names stay legible (else at 100%, where its text reads, and
// panned); resizing the view chooses again until the user zooms by hand (docs/graph.md, "The VS
// Code view"). Its colours are the workbench theme's (graph.css). Plain script, no library: it
// runs under the webview's Content-Security-Policy and in a test browser with a stubbed
// acquireVsCodeApi.
(function () {
  'use strict';
  const vscode = acquireVsCodeApi();
  const SVG_NS = 'http://www.w3.org/2000/svg';

  const root = document.getElementById('root') || document.body;
  // A picture is not shrunk to fit the view below the scale at which its node labels (12 px at
  // 100%) are this high: smaller, names are hard to read (the edge labels, 11/12 of them, are the
  // reading's annotations).
  const LEGIBLE_PX = 10;
  let zoom = 1; // the scale of the picture drawn
  let current; // the last graph message drawn
  let focused; // the id of the node last clicked: kept in view when the picture is drawn again
  let direction; // the direction of the picture drawn
  let pictures = new Map(); // the current graph's pictures by direction: {svg, labelPx}
  const annotated = new WeakSet(); // pictures already made clickable (they are drawn again on a resize)
  // How the direction and scale are chosen: 'auto' fits them to the view at every resize and
  // redraw; 'fit' (the Fit button) shows the whole picture however small, refitted on a resize;
  // 'manual' (zoomed by hand) keeps the user's scale and direction until Fit or another
  // configuration's graph.
  let mode = 'auto';

  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === 'class') e.className = v;
      else if (k.startsWith('data-')) e.setAttribute(k, v);
      else e[k] = v;
    }
    for (const c of children) if (c != null) e.append(c);
    return e;
  }

  function reveal(file, range, nodeId) {
    if (nodeId !== undefined) focused = nodeId;
    vscode.postMessage({ type: 'reveal', file, range });
  }

  // Makes an element act as a link to a place in a file: click, Enter or Space.
  function linkTo(e, file, range, label, nodeId) {
    e.setAttribute('role', 'link');
    e.setAttribute('tabindex', '0');
    if (label) e.setAttribute('aria-label', label);
    e.addEventListener('click', (ev) => {
      ev.stopPropagation();
      if (dragged) return; // the end of a pan, not a click
      reveal(file, range, nodeId);
    });
    e.addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter' || ev.key === ' ') {
        ev.preventDefault();
        reveal(file, range, nodeId);
      }
    });
  }

  function line(range) {
    return range && range.start ? range.start.line + 1 : 1;
  }

  function nodeLabel(n) {
    return n.name || `(anonymous ${n.type || n.kind})`;
  }

  function legend() {
    const item = (cls, text) => el('span', { class: 'legend-item' }, el('span', { class: 'swatch ' + cls }), text);
    return el(
      'div',
      { class: 'legend', 'data-legend': '' },
      item('resource', 'resource'),
      item('data', 'data source'),
      item('wait', 'wait'),
      item('module', 'module'),
      item('other', 'upstream state, provider'),
      item('problem', 'cycle or error'),
      item('arrow-solid', 'reads'),
      item('arrow-bold', 'gated by a wait'),
      item('arrow-dashed', 'depends_on'),
      el('span', { class: 'legend-note' }, 'arrows run in apply order'),
    );
  }

  // The problems a reader should see at once, each a link to its place.
  function problems(g, byId) {
    const list = el('ul', { class: 'problems' });
    const add = (cls, text, file, range) => {
      const li = el('li', { class: cls }, text);
      if (file !== undefined) linkTo(li, file, range);
      list.append(li);
    };
    for (const c of g.cycles || []) {
      const first = byId.get(c[0]);
      add('cycle', `dependency cycle: ${[...c, c[0]].join(' → ')}`, first && first.file, first && first.range);
    }
    for (const n of g.nodes) {
      if (n.errors > 0) add('error', `${nodeLabel(n)}: ${n.errors} error${n.errors === 1 ? '' : 's'} (${n.file}:${line(n.range)})`, n.file, n.range);
    }
    for (const n of g.nodes) {
      if (n.kind === 'wait' && n.used === false) add('unused', `${nodeLabel(n)} gates nothing: nothing reads this wait`, n.file, n.range);
    }
    for (const l of g.left_out || []) add('left-out', `left out, it does not parse: ${l.file}:${line(l.range)} ${l.text}`, l.file, l.range);
    return list.childElementCount ? list : null;
  }

  // parseSVG reads the server's picture into this document, without anything that could run:
  // scripts, foreign objects, event handlers and links out are dropped.
  function parseSVG(text) {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const svg = doc.documentElement;
    if (!svg || svg.nodeName !== 'svg' || doc.getElementsByTagName('parsererror').length) return null;
    for (const bad of svg.querySelectorAll('script, foreignObject')) bad.remove();
    for (const e of [svg, ...svg.querySelectorAll('*')]) {
      for (const a of [...e.attributes]) {
        const ref = a.localName === 'href' && !a.value.startsWith('#');
        if (a.name.toLowerCase().startsWith('on') || ref || a.name === 'style') e.removeAttribute(a.name);
      }
    }
    return document.importNode(svg, true);
  }

  // The edges of the JSON by "to->from": the key of a drawn edge (its arrow runs to → from), from
  // its data-from/data-to attributes, or its title as Graphviz writes it.
  function edgesByTitle(g) {
    const m = new Map();
    for (const e of g.edges) {
      const k = `${e.to}->${e.from}`;
      if (!m.has(k)) m.set(k, []);
      m.get(k).push(e);
    }
    return m;
  }

  function annotate(svg, g, byId) {
    // A node by its place in the JSON's nodes (data-index: the picture's ids are made visible, so a
    // control character in a file name differs there), else by its id or Graphviz's title.
    const at = (i) => (i === null ? undefined : g.nodes[Number(i)]);
    for (const node of svg.querySelectorAll('g.node')) {
      const title = node.querySelector('title');
      const n = at(node.getAttribute('data-index')) ?? byId.get(node.getAttribute('data-id') ?? (title && title.textContent));
      if (!n) continue;
      node.setAttribute('data-node-id', n.id);
      node.setAttribute('data-kind', n.kind);
      node.classList.add('carina-node');
      if (n.cycle) node.classList.add('cycle');
      if (n.errors > 0) node.classList.add('has-errors');
      if (n.kind === 'wait' && n.used === false) node.classList.add('unused');
      linkTo(node, n.file, n.range, `${n.kind} ${nodeLabel(n)}, ${n.file} line ${line(n.range)}`, n.id);
      node.addEventListener('mouseenter', () => highlight(svg, n.id, true));
      node.addEventListener('mouseleave', () => highlight(svg, n.id, false));
      if (n.errors > 0) badge(node, n.errors);
    }
    const byTitle = edgesByTitle(g);
    for (const edge of svg.querySelectorAll('g.edge')) {
      const title = edge.querySelector('title');
      const from = at(edge.getAttribute('data-from-index'));
      const to = at(edge.getAttribute('data-to-index'));
      const key =
        from && to
          ? `${to.id}->${from.id}`
          : edge.hasAttribute('data-from')
            ? `${edge.getAttribute('data-to')}->${edge.getAttribute('data-from')}`
            : title && title.textContent;
      const es = key && byTitle.get(key);
      if (!es) continue;
      const e = es[0];
      edge.setAttribute('data-from', e.from);
      edge.setAttribute('data-to', e.to);
      edge.classList.add('carina-edge');
      if (es.some((x) => x.cycle)) edge.classList.add('cycle');
      const what = e.attribute ? ` (${e.attribute})` : '';
      linkTo(edge, e.file, e.range, `${e.from} reads ${e.to}${what}, ${e.file} line ${line(e.range)}`);
    }
  }

  // A red count of errors at a node's top right corner.
  function badge(node, count) {
    let box;
    try {
      box = node.getBBox();
    } catch {
      return;
    }
    const g = document.createElementNS(SVG_NS, 'g');
    g.setAttribute('class', 'error-badge');
    const c = document.createElementNS(SVG_NS, 'circle');
    c.setAttribute('cx', String(box.x + box.width - 2));
    c.setAttribute('cy', String(box.y + 2));
    c.setAttribute('r', '7');
    const t = document.createElementNS(SVG_NS, 'text');
    t.setAttribute('x', String(box.x + box.width - 2));
    t.setAttribute('y', String(box.y + 5.5));
    t.setAttribute('text-anchor', 'middle');
    t.textContent = count > 9 ? '9+' : String(count);
    g.append(c, t);
    node.append(g);
  }

  function highlight(svg, id, on) {
    for (const e of svg.querySelectorAll('g.edge[data-from], g.edge[data-to]')) {
      if (e.getAttribute('data-from') === id || e.getAttribute('data-to') === id) e.classList.toggle('related', on);
    }
  }

  // The picture's size for the current zoom.
  function applyZoom(svg) {
    const vb = svg.viewBox && svg.viewBox.baseVal;
    if (!vb || !vb.width) return;
    svg.setAttribute('width', String(Math.max(1, vb.width * zoom)));
    svg.setAttribute('height', String(Math.max(1, vb.height * zoom)));
  }

  // The room for a picture in the canvas: its inside, scroll bars included (a picture that fits
  // has none).
  function room(canvas) {
    return { w: canvas.offsetWidth - 2 * canvas.clientLeft, h: canvas.offsetHeight - 2 * canvas.clientTop };
  }

  // The scale at which the whole picture fits the room (never above 100%); 2 px spare so that
  // rounding does not bring a scroll bar.
  function fitScale(svg, r) {
    const vb = svg.viewBox.baseVal;
    if (!vb || !vb.width || !vb.height) return 1;
    return Math.min(1, (r.w - 2) / vb.width, (r.h - 2) / vb.height);
  }

  // The size of a picture's node labels in its own units: its font-size, which they inherit.
  function labelSize(svg) {
    return parseFloat(svg.getAttribute('font-size')) || 12;
  }

  // The direction and scale for the canvas: the picture that fits at the larger scale, shown
  // whole if its node labels stay LEGIBLE_PX or more, else at 100% to be panned; Fit mode shows it
  // whole at any scale. On a tie (both fit at 100%) the room's shape decides, top to bottom when
  // taller than wide, so a view of a given size shows what it showed when opened at that size.
  function choose(canvas) {
    const r = room(canvas);
    const shape = r.h > r.w ? 'TB' : 'LR';
    const rank = (d) => (d === shape ? 0 : d === direction ? 1 : 2);
    const options = [...pictures].map(([d, p]) => ({ d, p, fit: fitScale(p.svg, r) }));
    options.sort((a, b) => (Math.abs(a.fit - b.fit) > 0.001 ? b.fit - a.fit : rank(a.d) - rank(b.d)));
    const best = options[0];
    if (mode === 'fit') return { d: best.d, z: best.fit };
    return { d: best.d, z: best.fit * best.p.labelPx >= LEGIBLE_PX ? best.fit : 1 };
  }

  // Puts the picture of direction d in the canvas at scale z; a new direction starts at its top
  // left (the old scroll means nothing in it), with the node last clicked in view.
  function draw(canvas, d, z) {
    const svg = pictures.get(d).svg;
    const turned = canvas.firstElementChild !== svg;
    if (turned) {
      canvas.replaceChildren(svg);
      if (!annotated.has(svg)) {
        annotate(svg, current.graph, new Map(current.graph.nodes.map((n) => [n.id, n])));
        annotated.add(svg);
      }
      canvas.setAttribute('data-direction', d);
      direction = d;
      zoom = z;
      applyZoom(svg);
      canvas.scrollLeft = 0;
      canvas.scrollTop = 0;
      keepFocusedInView(svg, canvas);
    } else if (z !== zoom) {
      setZoom(canvas, z);
    }
  }

  // Chooses the direction and scale again for the canvas's size (not once the user has zoomed).
  function relayout(canvas) {
    if (mode === 'manual' || !pictures.size) return;
    const c = choose(canvas);
    draw(canvas, c.d, c.z);
  }

  // Zooms about the canvas's centre, keeping what is there in view.
  function setZoom(canvas, z) {
    const svg = canvas.querySelector('svg');
    if (!svg) return;
    const cx = (canvas.scrollLeft + canvas.clientWidth / 2) / zoom;
    const cy = (canvas.scrollTop + canvas.clientHeight / 2) / zoom;
    zoom = Math.min(4, Math.max(0.1, z));
    applyZoom(svg);
    canvas.scrollLeft = cx * zoom - canvas.clientWidth / 2;
    canvas.scrollTop = cy * zoom - canvas.clientHeight / 2;
  }

  // Zoomed by hand: the scale and direction are the user's from now on.
  function zoomBy(canvas, z) {
    mode = 'manual';
    setZoom(canvas, z);
  }

  function toolbar(canvas) {
    const button = (text, title, f) => {
      const b = el('button', { type: 'button', title }, text);
      b.addEventListener('click', () => f());
      return b;
    };
    return el(
      'div',
      { class: 'toolbar' },
      button('−', 'Zoom out', () => zoomBy(canvas, zoom / 1.25)),
      button('+', 'Zoom in', () => zoomBy(canvas, zoom * 1.25)),
      button('Fit', 'Fit the whole graph, also when the view is resized (its text may be small)', () => {
        mode = 'fit';
        relayout(canvas);
      }),
      button('100%', 'Actual size: the text reads', () => zoomBy(canvas, 1)),
    );
  }

  // Dragging the picture pans it; a drag does not count as a click on what it started on.
  let dragged = false;
  function pannable(canvas) {
    let start;
    canvas.addEventListener('pointerdown', (ev) => {
      if (ev.button !== 0) return;
      start = { x: ev.clientX, y: ev.clientY, left: canvas.scrollLeft, top: canvas.scrollTop, id: ev.pointerId };
      dragged = false;
    });
    canvas.addEventListener('pointermove', (ev) => {
      if (!start || ev.pointerId !== start.id) return;
      const dx = ev.clientX - start.x;
      const dy = ev.clientY - start.y;
      if (!dragged && Math.hypot(dx, dy) < 4) return;
      if (!dragged) canvas.setPointerCapture(ev.pointerId);
      dragged = true;
      canvas.classList.add('panning');
      canvas.scrollLeft = start.left - dx;
      canvas.scrollTop = start.top - dy;
    });
    const end = () => {
      start = undefined;
      canvas.classList.remove('panning');
      // The click that ends a drag comes after pointerup: forget the drag once it has passed.
      setTimeout(() => (dragged = false), 0);
    };
    canvas.addEventListener('pointerup', end);
    canvas.addEventListener('pointercancel', end);
  }

  // The canvas fills the panel below the header, so the picture pans inside it.
  function sizeCanvas(canvas) {
    const top = canvas.getBoundingClientRect().top;
    canvas.style.height = `${Math.max(120, window.innerHeight - top - 8)}px`;
  }

  // Scrolls the canvas so that the node last clicked is in view, if it is drawn.
  function keepFocusedInView(svg, canvas) {
    if (focused === undefined) return;
    const node = [...svg.querySelectorAll('g.node[data-node-id]')].find((e) => e.getAttribute('data-node-id') === focused);
    if (!node) return;
    const c = canvas.getBoundingClientRect();
    const r = node.getBoundingClientRect();
    if (r.left < c.left) canvas.scrollLeft -= c.left - r.left + 8;
    else if (r.right > c.right) canvas.scrollLeft += r.right - c.right + 8;
    if (r.top < c.top) canvas.scrollTop -= c.top - r.top + 8;
    else if (r.bottom > c.bottom) canvas.scrollTop += r.bottom - c.bottom + 8;
  }

  // Without a picture: the nodes and edges as lists, still links.
  function lists(g, byId) {
    const nodes = el('ul', { class: 'node-list' });
    for (const n of g.nodes) {
      const li = el('li', { class: 'kind-' + n.kind, 'data-node-id': n.id, 'data-kind': n.kind }, `${nodeLabel(n)} `, el('span', { class: 'type' }, n.type || n.kind));
      if (n.cycle) li.classList.add('cycle');
      if (n.errors > 0) li.classList.add('has-errors');
      linkTo(li, n.file, n.range);
      nodes.append(li);
    }
    const edges = el('ul', { class: 'edge-list' });
    for (const e of g.edges) {
      const name = (id) => (byId.get(id) ? nodeLabel(byId.get(id)) : id);
      const li = el('li', { 'data-from': e.from, 'data-to': e.to, class: e.cycle ? 'cycle' : '' }, `${name(e.from)} ← ${name(e.to)}${e.attribute ? ' (' + e.attribute + ')' : ''} [${e.kind}]`);
      linkTo(li, e.file, e.range);
      edges.append(li);
    }
    return el('div', { class: 'lists' }, el('h2', {}, 'Nodes'), nodes, el('h2', {}, 'Edges (dependent ← dependency)'), edges);
  }

  // The message's pictures by direction: svgs ({LR, TB}), else its one svg in the direction it
  // says. Those that do not parse are left out.
  function picturesOf(msg) {
    const out = new Map();
    const texts = msg.svgs && typeof msg.svgs === 'object' ? Object.entries(msg.svgs) : msg.svg ? [[undefined, msg.svg]] : [];
    for (const [d, text] of texts) {
      const svg = typeof text === 'string' ? parseSVG(text) : null;
      if (!svg) continue;
      const dir = d === 'LR' || d === 'TB' ? d : svg.getAttribute('data-direction') === 'TB' ? 'TB' : 'LR';
      out.set(dir, { svg, labelPx: labelSize(svg) });
    }
    return out;
  }

  function render(msg) {
    // Another configuration's graph: a zoom chosen for the last one does not apply to it.
    if (current && current.graph.directory !== msg.graph.directory) mode = 'auto';
    const same = current && current.graph === msg.graph && current.svgs === msg.svgs && current.svg === msg.svg;
    current = msg;
    const old = root.querySelector('.canvas');
    const scroll = old && { left: old.scrollLeft, top: old.scrollTop, direction };
    const g = msg.graph;
    const byId = new Map(g.nodes.map((n) => [n.id, n]));
    const dir = (g.directory || '').replace(/[\\/]+$/, '');
    const name = dir.split(/[\\/]/).pop() || dir;
    const summary = `${g.nodes.length} node${g.nodes.length === 1 ? '' : 's'}, ${g.edges.length} dependenc${g.edges.length === 1 ? 'y' : 'ies'}`;
    const header = el('header', {}, el('h1', { title: dir }, name), el('span', { class: 'summary' }, summary));
    root.replaceChildren(header, legend());
    const p = problems(g, byId);
    if (p) root.append(p);
    if (msg.error) root.append(el('div', { class: 'banner' }, msg.error));
    // The same pictures again (an error after them): drawn as they are, else read anew.
    if (!same) pictures = picturesOf(msg);
    if (!pictures.size) {
      if (msg.svg || msg.svgs) root.append(el('div', { class: 'banner' }, 'The server sent a picture this page cannot read; the graph is listed instead.'));
      root.append(lists(g, byId));
      return;
    }
    const canvas = el('div', { class: 'canvas' });
    // The toolbar sits in the header's line: every line above the canvas is room the picture lacks.
    header.append(toolbar(canvas));
    root.append(canvas);
    sizeCanvas(canvas);
    pannable(canvas);
    const kept = mode === 'manual' && pictures.has(direction);
    const c = kept ? { d: direction, z: zoom } : choose(canvas);
    draw(canvas, c.d, c.z);
    // The same picture drawn again (an edit): where the user was; the node clicked stays in view.
    if (scroll && scroll.direction === c.d) {
      canvas.scrollLeft = scroll.left;
      canvas.scrollTop = scroll.top;
      keepFocusedInView(canvas.firstElementChild, canvas);
    }
    canvas.addEventListener(
      'wheel',
      (ev) => {
        if (!ev.ctrlKey) return;
        ev.preventDefault();
        zoomBy(canvas, ev.deltaY < 0 ? zoom * 1.1 : zoom / 1.1);
      },
      { passive: false },
    );
  }

  function message(text, cls) {
    root.replaceChildren(el('div', { class: cls || 'message' }, text));
  }

  window.addEventListener('message', (ev) => {
    const m = ev.data;
    if (!m || typeof m !== 'object') return;
    switch (m.type) {
      case 'graph':
        render(m);
        break;
      case 'error':
        // Keep the last picture, stale, with the error above it.
        if (current) render({ ...current, error: m.message });
        else message(m.message, 'banner');
        break;
      case 'message':
        message(m.text);
        break;
    }
  });
  // A resize (the bottom panel opened or closed, the editor group resized) keeps the canvas
  // filling the view and, once it settles, chooses the direction and scale again.
  let resizeTimer;
  window.addEventListener('resize', () => {
    const canvas = root.querySelector('.canvas');
    if (!canvas) return;
    sizeCanvas(canvas);
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => relayout(canvas), 100);
  });
  vscode.postMessage({ type: 'ready' });
})();
