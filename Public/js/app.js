// PitchPerfect web studio: hash router and the glue between views.
//   #/            home menu
//   #/record      record view
//   #/play/<id>   play view for a saved recording

import { renderIcons } from './icons.js';
import { createRecordView } from './record.js';
import { createPlayView } from './play.js';

const statusRegion = document.getElementById('status');
let announceTimer = 0;

/** Says something to screen-reader users through the polite live region. */
function announce(message) {
  // Clear first so that repeating the same sentence is announced again.
  statusRegion.textContent = '';
  clearTimeout(announceTimer);
  announceTimer = setTimeout(() => { statusRegion.textContent = message; }, 30);
}

const views = {
  home: document.getElementById('view-home'),
  record: document.getElementById('view-record'),
  play: document.getElementById('view-play'),
};

let pendingPlay = null; // {id, recording, local} handed from the record view to the play view

const recordView = createRecordView({
  announce,
  onSaved(recording, local) {
    pendingPlay = { id: recording.id, recording, local };
    location.hash = `#/play/${encodeURIComponent(recording.id)}`;
  },
});

const playView = createPlayView({
  announce,
  onBack() { location.hash = '#/record'; },
});

let currentView = null;

function parseRoute() {
  const hash = location.hash.replace(/^#\/?/, '');
  const [name, ...rest] = hash.split('/');
  if (name === 'record') return { view: 'record' };
  if (name === 'play' && rest[0]) {
    try { return { view: 'play', id: decodeURIComponent(rest[0]) }; }
    catch { return { view: 'home' }; }   // a malformed %-escape: not a recording we can name
  }
  return { view: 'home' };
}

function route(initial = false) {
  const r = parseRoute();
  if (currentView && currentView !== r.view) {
    if (currentView === 'record') recordView.leave();
    if (currentView === 'play') playView.leave();
  }
  for (const [name, el] of Object.entries(views)) el.hidden = name !== r.view;
  const entering = currentView !== r.view;
  currentView = r.view;
  if (r.view === 'record' && entering) recordView.enter();
  if (r.view === 'play') {
    const hand = pendingPlay && pendingPlay.id === r.id ? pendingPlay : null;
    pendingPlay = null;
    playView.open(r.id, hand || {});
  }
  document.title = { home: 'PitchPerfect Studio', record: 'Record · PitchPerfect', play: 'Play · PitchPerfect' }[r.view];
  if (!initial && entering) {
    // Move focus to the new view's heading so keyboard and screen-reader users land in it.
    const heading = views[r.view].querySelector('h1');
    if (heading) { heading.tabIndex = -1; heading.focus({ preventScroll: true }); }
    window.scrollTo(0, 0);
  }
}

// The skip link must not change the hash: the hash is the router's.
document.querySelector('.skip-link').addEventListener('click', (event) => {
  event.preventDefault();
  const view = Object.values(views).find((el) => !el.hidden);
  const target = (view && view.querySelector('h1')) || document.getElementById('main');
  target.tabIndex = -1;
  target.focus();
});

document.getElementById('home-button').addEventListener('click', () => { location.hash = '#/'; });
for (const el of document.querySelectorAll('[data-go]')) {
  el.addEventListener('click', () => { location.hash = el.dataset.go; });
}

renderIcons();
window.addEventListener('hashchange', () => route(false));
route(true);

// Test hooks (read-only views of state; harmless in production).
window.ppTest = {
  recordState: () => recordView.state,
  /** Base64 of the last played AudioBuffer's channel as little-endian float32. */
  lastPlayedBase64(channel = 0) {
    const played = window.ppLastPlayed;
    if (!played) return null;
    const data = played.buffer.getChannelData(channel);
    const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  },
};
