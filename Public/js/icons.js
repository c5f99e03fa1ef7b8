// Hand-drawn line icons on a 24×24 grid. Each is inserted into any element with
// data-icon="name"; they inherit currentColor and are hidden from screen readers.

const paths = {
  mic: '<rect x="9" y="3" width="6" height="11" rx="3"/><path d="M5.5 11a6.5 6.5 0 0 0 13 0"/><path d="M12 17.5V21M8.5 21h7"/>',
  pause: '<rect x="6.5" y="5" width="3.5" height="14" rx="1.2" fill="currentColor" stroke="none"/><rect x="14" y="5" width="3.5" height="14" rx="1.2" fill="currentColor" stroke="none"/>',
  stop: '<rect x="6" y="6" width="12" height="12" rx="2.5" fill="currentColor" stroke="none"/>',
  back: '<path d="M15 5l-7 7 7 7"/>',
  play: '<path d="M8 5.5v13l10.5-6.5z" fill="currentColor" stroke="none"/>',
  piano: '<rect x="3" y="5" width="18" height="14" rx="2"/><path d="M8 5v14M12 5v14M16 5v14"/><rect x="6.6" y="5" width="2.8" height="8" rx=".6" fill="currentColor" stroke="none"/><rect x="14.6" y="5" width="2.8" height="8" rx=".6" fill="currentColor" stroke="none"/>',
  bars: '<path d="M5 19v-5M9.5 19V8M14 19v-8M18.5 19V5"/>',
  note: '<path d="M9 18V6l10-2v12"/><circle cx="6.5" cy="18" r="2.5"/><circle cx="16.5" cy="16" r="2.5"/>',
  library: '<rect x="4" y="4" width="4" height="16" rx="1"/><rect x="10" y="4" width="4" height="16" rx="1"/><path d="M16.2 5.2l3.8-1 3 15.5-3.8 1z" transform="translate(-2.5 0)"/>',
  choir: '<circle cx="7" cy="8" r="2.5"/><circle cx="17" cy="8" r="2.5"/><circle cx="12" cy="6.5" r="2.5"/><path d="M3 19c0-3 2-5 4-5s3 1 3.5 2M21 19c0-3-2-5-4-5s-3 1-3.5 2M8 19c0-3 1.8-5.5 4-5.5s4 2.5 4 5.5"/>',
  // Voices
  snail: '<path d="M3 18h13.5a4.5 4.5 0 0 0 4.5-4.5"/><circle cx="11.5" cy="12" r="5.5"/><path d="M11.5 12a2.3 2.3 0 1 1 2.3-2.3"/><path d="M17.5 17.5V9.5M17.5 9.5l-1.5-3M17.5 9.5l1.8-2.8"/>',
  rabbit: '<path d="M9.5 10.5C8 7 7.5 3.5 9 3s3 3.3 3 7"/><path d="M14.5 10.5c.3-3.8 1.8-7 3.2-6.5s.7 4-1.7 7"/><ellipse cx="13" cy="15" rx="6" ry="5"/><circle cx="11" cy="14" r=".9" fill="currentColor" stroke="none"/><circle cx="15" cy="14" r=".9" fill="currentColor" stroke="none"/><path d="M12.2 16.5h1.6"/>',
  chipmunk: '<circle cx="12" cy="13" r="7"/><circle cx="6.5" cy="6.5" r="2.2"/><circle cx="17.5" cy="6.5" r="2.2"/><circle cx="9.5" cy="12" r=".9" fill="currentColor" stroke="none"/><circle cx="14.5" cy="12" r=".9" fill="currentColor" stroke="none"/><path d="M11 15.5h2M12 15.5v2M7 15.5c-1.5 0-2.5-1-2.5-2M17 15.5c1.5 0 2.5-1 2.5-2"/>',
  vader: '<path d="M12 3C7.5 3 5 6.5 5 10.5V15l-2 5h6l1.2-2.5h3.6L15 20h6l-2-5v-4.5C19 6.5 16.5 3 12 3z"/><path d="M7.5 11.5l3.5 1.2M16.5 11.5L13 12.7"/><path d="M10 15.5h4M11 17.5h2"/>',
  echo: '<path d="M4 12h1.5"/><path d="M8 8.5a5 5 0 0 1 0 7"/><path d="M11.5 6a8.5 8.5 0 0 1 0 12" opacity=".7"/><path d="M15 3.5a12 12 0 0 1 0 17" opacity=".45"/><path d="M18.5 6.5a9 9 0 0 1 0 11" opacity=".25"/>',
  reverb: '<path d="M3 20V10l9-6 9 6v10"/><path d="M7 20v-6M12 20v-9M17 20v-6"/><path d="M3 20h18"/>',
  check: '<path d="M5 12.5l4.5 4.5L19 7.5"/>',
  alert: '<path d="M12 4l9 16H3z"/><path d="M12 10v4.5M12 17.2v.3"/>',
};

export function iconSVG(name) {
  const body = paths[name];
  if (!body) return '';
  return `<svg class="icon icon-${name}" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${body}</svg>`;
}

/** Fills every `[data-icon]` element under `root` that is still empty. */
export function renderIcons(root = document) {
  for (const el of root.querySelectorAll('[data-icon]')) {
    if (!el.firstElementChild) el.innerHTML = iconSVG(el.dataset.icon);
  }
}
