// The trace page of `gjk trace --html` (crates/gjk-cli/src/html/mod.rs).
// Plain JavaScript, no library, nothing loaded: it reads the JSON in
// #trace-data and draws one canvas per run (the crate's loop and each seed
// variant that differs), all at the same step and in the same view.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("trace-data").textContent);
  const dim = data.dim;
  const COLOURS = {
    a: "#1f77b4", b: "#ff7f0e", diff: "#7f7f7f", simplex: "#222222",
    kept: "#2ca02c", dir: "#d62728", w: "#9467bd", diverge: "#c0392b",
  };

  // Exact values arrive as "p/q" strings; huge ones lose digits evenly
  // from numerator and denominator before the division.
  function num(x) {
    if (typeof x === "number") return x;
    if (typeof x !== "string") return NaN;
    const i = x.indexOf("/");
    if (i < 0) return Number(x);
    let p = x.slice(0, i);
    let q = x.slice(i + 1);
    const cut = Math.max(0, Math.min(p.replace("-", "").length, q.length) - 17);
    if (cut > 0) {
      p = p.slice(0, p.length - cut);
      q = q.slice(0, q.length - cut);
    }
    return Number(p) / Number(q);
  }
  function vec(v) {
    const p = v.map(num);
    while (p.length < 3) p.push(0);
    return p;
  }
  function show(v) {
    if (v === null || v === undefined) return "–";
    return Array.isArray(v) ? "(" + v.join(", ") + ")" : String(v);
  }
  const round = (x) => Number(x.toPrecision(7)).toString();
  const sub = (p, q) => [p[0] - q[0], p[1] - q[1], p[2] - q[2]];
  const dot = (p, q) => p[0] * q[0] + p[1] * q[1] + p[2] * q[2];
  const cross = (p, q) => [p[1] * q[2] - p[2] * q[1], p[2] * q[0] - p[0] * q[2], p[0] * q[1] - p[1] * q[0]];
  const norm = (p) => Math.sqrt(dot(p, p));
  const LETTERS = "ABCD";

  // The runs: the crate's trace first, then the seeds that differ.
  const runs = [{
    name: "gjk", reference: true, steps: data.trace.steps, first: null,
    title: "this crate: the boolean loop (src/gjk.rs)",
    outcome: data.trace.outcome + (data.trace.region ? " (" + data.trace.region + ")" : "") +
      (data.trace.reason ? ": " + data.trace.reason : ""),
  }].concat(data.variants.map((v) => ({
    name: v.name, reference: false, steps: v.steps, first: v.first_difference,
    title: "seed variant " + v.name + ": " + v.title, outcome: v.detail,
  })));
  const total = Math.max(...runs.map((r) => r.steps.length));

  function label(run, s) {
    if (s.region) return s.region;
    if (run.reference) return "separated (w · d < 0)";
    return s.stopped ? "stopped by the support test" : "no spec region";
  }

  // What the view is fitted to, so that it does not change scale while it
  // turns: A − B (or, when it is not drawn, A and B), every simplex, w and
  // the origin; the centre of their bounding box and the radius about it.
  // A and B may reach out of the picture.
  function extent() {
    const pts = [[0, 0, 0]];
    const d = data.shapes.difference;
    for (const sh of d ? [d] : [data.shapes.a, data.shapes.b]) for (const p of sh.points) pts.push(vec(p));
    for (const r of runs) {
      for (const s of r.steps) {
        for (const p of s.simplex.concat(s.kept_points, [s.vertex])) pts.push(vec(p));
      }
    }
    const lo = [0, 1, 2].map((k) => Math.min(...pts.map((p) => p[k])));
    const hi = [0, 1, 2].map((k) => Math.max(...pts.map((p) => p[k])));
    const centre = [0, 1, 2].map((k) => (lo[k] + hi[k]) / 2);
    const radius = Math.max(1e-9, ...pts.map((p) => norm(sub(p, centre))));
    return { centre, radius };
  }

  // The view: yaw about z, then pitch (the viewer above the xy plane for a
  // positive pitch); z is up on the screen. 2D cases are seen from +z.
  const DEFAULT = { yaw: 30, pitch: 25 };
  const view = { yaw: DEFAULT.yaw, pitch: DEFAULT.pitch, step: 0, shapes: true };
  const fit = extent();
  function basis() {
    if (dim !== 3) return { right: [1, 0, 0], up: [0, 1, 0], toward: [0, 0, 1] };
    const y = view.yaw * Math.PI / 180;
    const p = view.pitch * Math.PI / 180;
    const toward = [Math.cos(p) * Math.sin(y), -Math.cos(p) * Math.cos(y), Math.sin(p)];
    const right = [Math.cos(y), Math.sin(y), 0];
    return { right, up: cross(toward, right), toward };
  }

  // ---- the page ----
  const el = (tag, attrs, text) => {
    const e = document.createElement(tag);
    for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  };
  document.getElementById("summary").textContent =
    dim + "D case, " + data.scalar + " arithmetic; " + runs[0].outcome + " after " +
    data.trace.iterations + " support points. Vertices are lettered newest first (A = the point just added).";
  document.getElementById("hint").textContent =
    (dim === 3 ? "drag a picture to turn it · " : "") + "← → step · Home End";
  const legend = document.getElementById("legend");
  for (const [name, colour] of [["shape A", COLOURS.a], ["shape B", COLOURS.b], ["A − B", COLOURS.diff],
    ["simplex", COLOURS.simplex], ["kept", COLOURS.kept], ["w (new vertex)", COLOURS.w],
    ["d (search)", COLOURS.dir], ["v and next d", COLOURS.kept]]) {
    const key = el("span", { class: "key" });
    key.style.background = colour;
    legend.append(key, name + "  ");
  }
  if (data.shapes.difference === null) legend.append("(A − B has too many vertices to draw)");
  const same = data.same.length ? "Seed variants that take the crate's steps on this case: " + data.same.join(", ") + "." : "";
  document.getElementById("same").textContent = same;

  const panels = runs.map((run) => {
    const section = el("section", { class: "run", id: "run-" + run.name, "data-run": run.name });
    section.append(el("h2", {}, run.title), el("p", { class: "outcome" }, "ends: " + run.outcome));
    // The first difference, in a line every column has (so that the
    // pictures stay level).
    let first = "";
    if (run.first !== null) {
      const s = run.steps[Math.min(run.first, run.steps.length - 1)];
      const why = s && s.difference ? " (" + s.difference + ": the seed's " + (s.region || "step") +
        " where the crate's classifier names " + (s.reference || "no region") + ")" : "";
      first = "first difference from the crate: step " + run.first + why;
    }
    section.append(el("p", { class: "first" }, first));
    const canvas = el("canvas", { width: 480, height: 400, "aria-label": "step picture of " + run.name });
    const drawn = el("p", { class: "drawn" });
    const table = el("table", { class: "values" });
    const list = el("ol", { class: "steps", start: "0" });
    run.steps.forEach((s, i) => {
      let t = label(run, s);
      if (!run.reference && s.difference) t += "  ≠ crate: " + (s.reference || "stop");
      const li = el("li", { "data-step": String(i) }, t);
      if (i === run.first) li.classList.add("first-difference");
      li.addEventListener("click", () => go(i));
      list.append(li);
    });
    section.append(canvas, drawn, table, list);
    document.getElementById("runs").append(section);
    return { run, canvas, drawn, table, list };
  });

  // ---- drawing ----
  function draw(panel) {
    const { run, canvas } = panel;
    const ratio = window.devicePixelRatio || 1;
    const w = canvas.clientWidth || 480;
    const h = canvas.clientHeight || 400;
    if (canvas.width !== Math.round(w * ratio)) canvas.width = Math.round(w * ratio);
    if (canvas.height !== Math.round(h * ratio)) canvas.height = Math.round(h * ratio);
    const ctx = canvas.getContext("2d");
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, w, h);
    const i = Math.min(view.step, run.steps.length - 1);
    const s = run.steps[i];
    const ended = view.step > i;
    const B = basis();
    const scale = 0.46 * Math.min(w, h) / fit.radius;
    const screen = (p) => {
      const q = sub(p, fit.centre);
      return [w / 2 + scale * dot(q, B.right), h / 2 + 8 - scale * dot(q, B.up)];
    };
    const line = (p, q, colour, width, dash) => {
      const a = screen(p), b = screen(q);
      ctx.strokeStyle = colour; ctx.lineWidth = width; ctx.setLineDash(dash || []);
      ctx.beginPath(); ctx.moveTo(a[0], a[1]); ctx.lineTo(b[0], b[1]); ctx.stroke();
      ctx.setLineDash([]);
    };
    const polygon = (pts, fill) => {
      ctx.fillStyle = fill; ctx.beginPath();
      pts.forEach((p, k) => { const a = screen(p); if (k) ctx.lineTo(a[0], a[1]); else ctx.moveTo(a[0], a[1]); });
      ctx.closePath(); ctx.fill();
    };
    const dotAt = (p, r, fill, stroke) => {
      const a = screen(p);
      ctx.beginPath(); ctx.arc(a[0], a[1], r, 0, 2 * Math.PI);
      if (fill) { ctx.fillStyle = fill; ctx.fill(); }
      if (stroke) { ctx.strokeStyle = stroke; ctx.lineWidth = 2; ctx.stroke(); }
      return Number.isFinite(a[0]) && Number.isFinite(a[1]);
    };
    const write = (p, t, colour, dx, dy, bold) => {
      const a = screen(p);
      ctx.fillStyle = colour; ctx.font = (bold ? "bold " : "") + "13px sans-serif";
      ctx.fillText(t, a[0] + dx, a[1] + dy);
    };
    // An arrow from p along the world direction d, a fifth of the view long
    // in space (so it shortens as it turns towards the viewer).
    const arrow = (p, d, colour, name) => {
      const n = norm(d);
      if (!(n > 0)) return;
      const tip = p.map((x, k) => x + d[k] / n * fit.radius * 0.3);
      line(p, tip, colour, 2);
      const a = screen(p), b = screen(tip);
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
      if (len > 4) {
        const ux = (b[0] - a[0]) / len, uy = (b[1] - a[1]) / len;
        ctx.fillStyle = colour; ctx.beginPath(); ctx.moveTo(b[0], b[1]);
        ctx.lineTo(b[0] - 9 * ux + 4 * uy, b[1] - 9 * uy - 4 * ux);
        ctx.lineTo(b[0] - 9 * ux - 4 * uy, b[1] - 9 * uy + 4 * ux);
        ctx.closePath(); ctx.fill();
      }
      write(tip, name, colour, 5, -5);
    };

    // The shapes, then A − B.
    const wire = (shape, colour, dash) => {
      if (!shape) return;
      const pts = shape.points.map(vec);
      if (dim === 2 && pts.length > 2) {
        const c = pts.reduce((m, p) => [m[0] + p[0] / pts.length, m[1] + p[1] / pts.length, 0], [0, 0, 0]);
        const round = pts.slice().sort((p, q) => Math.atan2(p[1] - c[1], p[0] - c[0]) - Math.atan2(q[1] - c[1], q[0] - c[0]));
        const alpha = ctx.globalAlpha;
        ctx.globalAlpha = alpha * 0.2; polygon(round, colour); ctx.globalAlpha = alpha;
      }
      for (const [a, b] of shape.edges) line(pts[a], pts[b], colour, 1.3, dash);
      if (pts.length === 1) dotAt(pts[0], 3, colour);
    };
    ctx.globalAlpha = 0.55;
    if (view.shapes) { wire(data.shapes.a, COLOURS.a); wire(data.shapes.b, COLOURS.b); }
    wire(data.shapes.difference, COLOURS.diff, [5, 3]);
    ctx.globalAlpha = 1;

    // The simplex the step saw (or, when the support test ended the run,
    // the one before it, dashed).
    const live = s.simplex.length > 0;
    const simplex = (live ? s.simplex : s.kept_points).map(vec);
    const faces = [];
    if (dim === 3 && simplex.length === 4) {
      for (let k = 0; k < 4; k++) {
        const f = [0, 1, 2, 3].filter((j) => j !== k);
        let n = cross(sub(simplex[f[1]], simplex[f[0]]), sub(simplex[f[2]], simplex[f[0]]));
        if (dot(n, sub(simplex[k], simplex[f[0]])) > 0) n = n.map((x) => -x);
        faces.push({ f, front: dot(n, B.toward) >= 0 });
      }
    }
    for (const face of faces) {
      if (face.front) { ctx.globalAlpha = 0.08; polygon(face.f.map((j) => simplex[j]), COLOURS.simplex); ctx.globalAlpha = 1; }
    }
    if (dim === 2 && simplex.length === 3 && live) { ctx.globalAlpha = 0.1; polygon(simplex, COLOURS.simplex); ctx.globalAlpha = 1; }
    for (let a = 0; a < simplex.length; a++) {
      for (let b = a + 1; b < simplex.length; b++) {
        const hidden = faces.length > 0 && faces.filter((x) => x.f.includes(a) && x.f.includes(b)).every((x) => !x.front);
        if (!live) line(simplex[a], simplex[b], "#555555", 2, [4, 3]);
        else if (hidden) line(simplex[a], simplex[b], "#777777", 1.3, [5, 4]);
        else line(simplex[a], simplex[b], COLOURS.simplex, 2);
      }
    }
    // The kept feature.
    const kept = live && s.region ? s.kept_points.map(vec) : [];
    if (kept.length === 1) dotAt(kept[0], 7, null, COLOURS.kept);
    for (let a = 0; a < kept.length; a++) {
      for (let b = a + 1; b < kept.length; b++) line(kept[a], kept[b], COLOURS.kept, 4);
    }
    // The vertices, lettered newest first; what was drawn is counted.
    let vertices = 0;
    simplex.forEach((p, k) => {
      if (dotAt(p, 4, live ? COLOURS.simplex : "#555555")) vertices += 1;
      write(p, LETTERS[k] || "?", COLOURS.simplex, 6, -6, true);
    });
    // The support points and w.
    if (view.shapes) {
      dotAt(vec(s.support_a), 4, "white", COLOURS.a);
      dotAt(vec(s.support_b), 4, "white", COLOURS.b);
    }
    const wp = vec(s.vertex);
    const ws = screen(wp);
    ctx.fillStyle = COLOURS.w; ctx.beginPath();
    ctx.moveTo(ws[0], ws[1] - 6); ctx.lineTo(ws[0] + 6, ws[1]); ctx.lineTo(ws[0], ws[1] + 6); ctx.lineTo(ws[0] - 6, ws[1]);
    ctx.closePath(); ctx.fill();
    write(wp, "w", COLOURS.w, -16, -6);
    // The origin and d from it; v and the next d from it.
    const o = screen([0, 0, 0]);
    ctx.strokeStyle = "black"; ctx.lineWidth = 1.5; ctx.beginPath();
    ctx.moveTo(o[0] - 6, o[1]); ctx.lineTo(o[0] + 6, o[1]); ctx.moveTo(o[0], o[1] - 6); ctx.lineTo(o[0], o[1] + 6); ctx.stroke();
    write([0, 0, 0], "O", "black", -14, 14, true);
    arrow([0, 0, 0], vec(s.direction), COLOURS.dir, "d");
    if (s.closest) {
      const v = vec(s.closest);
      dotAt(v, 4.5, null, COLOURS.kept);
      write(v, "v", COLOURS.kept, 6, 14);
      if (s.next_direction) arrow(v, vec(s.next_direction), COLOURS.kept, "next d");
    }
    // The step's region, as text on the picture.
    const text = label(run, s);
    ctx.fillStyle = run.first !== null && i === run.first ? COLOURS.diverge : "#222222";
    ctx.font = "bold 15px sans-serif";
    ctx.fillText("step " + i + ": " + text + (ended ? " (the run ended here)" : ""), 10, 22);
    if (dim === 3) {
      // The axes, small, in a corner.
      const c = [34, h - 30];
      for (const [k, name] of [[0, "x"], [1, "y"], [2, "z"]]) {
        const e = [0, 0, 0]; e[k] = 1;
        const dx = dot(e, B.right) * 18, dy = -dot(e, B.up) * 18;
        ctx.strokeStyle = "#999999"; ctx.lineWidth = 1; ctx.beginPath();
        ctx.moveTo(c[0], c[1]); ctx.lineTo(c[0] + dx, c[1] + dy); ctx.stroke();
        ctx.fillStyle = "#777777"; ctx.font = "11px sans-serif";
        ctx.fillText(name, c[0] + dx * 1.35 - 3, c[1] + dy * 1.35 + 4);
      }
    }

    // What was drawn, for readers and for tests.
    const d = panel.drawn;
    d.dataset.step = String(i);
    d.dataset.label = text;
    d.dataset.vertices = String(vertices);
    d.dataset.kept = String(kept.length);
    d.dataset.firstDifference = String(run.first !== null && i === run.first);
    d.textContent = "drawn: step " + i + ", " + text + ", " + vertices + " simplex vertices" +
      (kept.length ? ", " + kept.length + " kept" : "") + (ended ? "; this run has no more steps" : "");

    // The step's values.
    const rows = [
      ["direction d", show(s.direction)],
      ["support on A", "s_A(d) = " + show(s.support_a)],
      ["support on B", "s_B(−d) = " + show(s.support_b)],
      ["new vertex", "w = " + show(s.vertex)],
      ["w · d", show(s.w_dot_d)],
      ["simplex", live ? s.simplex.map((p, k) => LETTERS[k] + " = " + show(p)).join(", ") : "–"],
      ["region", show(s.region)],
      ["kept", show(s.kept)],
      ["next direction", show(s.next_direction)],
      ["closest point", s.closest ? "v = " + show(s.closest) : "–"],
    ];
    if (run.reference) {
      const b = s.distance_bounds;
      rows.push(["distance bound", show(s.lower_bound_squared) + " ≤ dist² ≤ " + show(s.upper_bound_squared) +
        "  (≈ " + round(b[0]) + " ≤ dist ≤ " + (b[1] === null ? "?" : round(b[1])) + ")"]);
    } else {
      rows.push(["seed's tests", s.tests || "–"], ["seed's action", s.action || "–"],
        ["crate's region here", show(s.reference)], ["difference", show(s.difference)]);
    }
    panel.table.replaceChildren(...rows.map(([k, v]) => {
      const tr = el("tr");
      tr.append(el("th", {}, k), el("td", {}, v));
      return tr;
    }));
    for (const li of panel.list.children) li.classList.toggle("current", li.dataset.step === String(i));
  }

  function drawAll() {
    for (const p of panels) draw(p);
    document.getElementById("counter").textContent = "step " + view.step + " of " + (total - 1);
    document.body.dataset.step = String(view.step);
    document.body.dataset.yaw = String(Math.round(view.yaw));
    document.body.dataset.pitch = String(Math.round(view.pitch));
  }

  function go(k) {
    view.step = Math.max(0, Math.min(total - 1, k));
    try {
      history.replaceState(null, "", "#step=" + view.step);
    } catch (e) {
      // A page opened from a file may refuse: the step is still shown.
    }
    drawAll();
  }

  // ---- controls ----
  document.getElementById("first").addEventListener("click", () => go(0));
  document.getElementById("prev").addEventListener("click", () => go(view.step - 1));
  document.getElementById("next").addEventListener("click", () => go(view.step + 1));
  document.getElementById("last").addEventListener("click", () => go(total - 1));
  document.getElementById("reset").addEventListener("click", () => {
    view.yaw = DEFAULT.yaw; view.pitch = DEFAULT.pitch; drawAll();
  });
  document.getElementById("shapes").addEventListener("change", (e) => {
    view.shapes = e.target.checked; drawAll();
  });
  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    if (e.key in moves) go(view.step + moves[e.key]);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(total - 1);
    else return;
    e.preventDefault();
  });
  if (dim === 3) {
    for (const { canvas } of panels) {
      let last = null;
      canvas.classList.add("turns");
      canvas.addEventListener("pointerdown", (e) => {
        last = [e.clientX, e.clientY];
        if (canvas.setPointerCapture && e.pointerId !== undefined) {
          try { canvas.setPointerCapture(e.pointerId); } catch (err) { /* a synthetic pointer */ }
        }
      });
      canvas.addEventListener("pointermove", (e) => {
        if (!last) return;
        view.yaw -= (e.clientX - last[0]) * 0.5;
        view.pitch = Math.max(-89, Math.min(89, view.pitch + (e.clientY - last[1]) * 0.5));
        last = [e.clientX, e.clientY];
        drawAll();
      });
      const stop = () => { last = null; };
      canvas.addEventListener("pointerup", stop);
      canvas.addEventListener("pointercancel", stop);
    }
  }

  // #step=K (and, for a fixed picture, &yaw=DEG&pitch=DEG) in the address.
  const args = new URLSearchParams(location.hash.slice(1));
  if (args.has("yaw")) view.yaw = Number(args.get("yaw")) || 0;
  if (args.has("pitch")) view.pitch = Math.max(-89, Math.min(89, Number(args.get("pitch")) || 0));
  view.step = Math.max(0, Math.min(total - 1, Number(args.get("step")) || 0));
  drawAll();
  window.addEventListener("resize", drawAll);
})();
