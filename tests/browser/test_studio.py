"""End-to-end tests of the web studio in headless Chromium with a fake microphone.

What they measure, and the tolerances:
- record → pause → resume → stop walks every UI state (labels, disabled and hidden controls);
- the saved take lasts the recorded time minus the paused time: ±0.1 s against the page's marks of
  when capture was told to record/pause/resume/stop, ±0.5 s against this test's clock around the
  clicks (click dispatch and polling jitter on a loaded machine),
  and its speech level is within 3 dB of the input file's, and a stretch of it matches the file
  with normalised correlation ≥ 0.9 (the browser's voice processing is really off);
- a failed upload shows an error and Try again, and the retry saves the same take;
- what each voice button plays, measured on the AudioBuffer handed to Web Audio: snail 2× and
  rabbit 0.5× the original length (±5 ms), chipmunk +1200 ¢ and Darth Vader −1200 ¢ (±25 ¢, YIN
  on voiced frames, median of the per-frame difference against the original after aligning delay);
- switching voices stops the previous source, Stop stops, Back to Record resets the view;
- tap-to-sound on a 60 s recording: click event → AudioBufferSourceNode.start() ≤ 30 ms per voice;
- a refused microphone and an absent one show what happened, how to allow it, and Try again;
- keyboard only: Tab reaches the microphone button and Enter / Space start recording.
"""
import base64
import os
import re
import time

import numpy as np
import pytest
from playwright.sync_api import expect

from conftest import launch, watch
from helpers import BASE_URL, api_bytes, api_json, report, url
from measure import active_rms_db, best_match, pitch_shift_cents, read_wav, resample

VOICE_NAMES = {"snail": "Snail", "rabbit": "Rabbit", "chipmunk": "Chipmunk", "vader": "Darth Vader",
               "echo": "Echo", "reverb": "Reverb"}
PAGE_DURATION_TOLERANCE_S = 0.1
DURATION_TOLERANCE_S = 0.5
LEVEL_TOLERANCE_DB = 3.0
LENGTH_TOLERANCE_S = 0.005
CENTS_TOLERANCE = 25.0
TAP_BUDGET_MS = 30.0


def button(page, name):
    return page.get_by_role("button", name=name, exact=True)


def expect_initial_record_state(page):
    expect(button(page, "Record")).to_be_enabled()
    expect(page.locator("#record-label")).to_have_text("Tap to record")
    for name in ("Pause", "Resume", "Stop recording"):
        expect(button(page, name)).to_have_count(0)   # hidden controls are out of the accessibility tree
    for selector in ("#pause-button", "#resume-button", "#stop-record-button", "#level", "#record-time"):
        expect(page.locator(selector)).to_be_hidden()


def wait_all_voices_ready(page, timeout_ms):
    page.wait_for_function(
        "() => { const t = [...document.querySelectorAll('#voices .voice')];"
        " return t.length === 6 && t.every(b => b.dataset.ready === 'true'); }",
        timeout=timeout_ms)


def played_samples(page):
    info = page.evaluate("() => ({voice: ppLastPlayed.voice, sampleRate: ppLastPlayed.sampleRate, length: ppLastPlayed.length})")
    data = base64.b64decode(page.evaluate("() => ppTest.lastPlayedBase64(0)"))
    samples = np.frombuffer(data, dtype="<f4").astype(np.float64)
    assert len(samples) == info["length"]
    return info, samples


def test_home_menu_lists_sections(page):
    page.goto(url("#/"))
    expect(page.get_by_role("heading", name="What would you like to make?")).to_be_visible()
    expect(button(page, "Record voice")).to_be_visible()
    soon = page.locator(".menu-card--soon")
    expect(soon).to_have_count(5)
    for title in ("Piano", "Sorting synth", "Sample music", "Library", "Choir"):
        card = soon.filter(has_text=title)
        expect(card).to_contain_text("Coming soon")
    assert page.locator("a[href]").count() == 0, "coming-soon sections must not be (broken) links"
    # Every control is a real <button>: nothing else is focusable or pretends to be a button.
    assert page.locator("input, select, textarea, [role=button], [tabindex]:not([tabindex='-1'])").count() == 0
    expect(page.locator("#status")).to_have_attribute("aria-live", "polite")
    button(page, "Record voice").click()
    expect(page).to_have_url(re.compile(r"#/record$"))
    expect_initial_record_state(page)
    assert page.errors == []


def test_record_pause_resume_stop_then_play_every_voice(page, speech_wav):
    page.goto(url("#/record"))
    expect_initial_record_state(page)
    mic = button(page, "Record")

    # Record.
    mic.click()
    expect(page.locator("#record-label")).to_have_text("Recording…")
    t_recording = time.monotonic()
    expect(mic).to_be_disabled()
    expect(page.locator("#status")).to_have_text("Recording.")   # the aria-live region speaks
    expect(button(page, "Pause")).to_be_visible()
    expect(button(page, "Stop recording")).to_be_visible()
    expect(page.locator("#resume-button")).to_be_hidden()
    expect(page.locator("#record-time")).to_be_visible()
    expect(page.locator("#level")).to_be_visible()
    page.wait_for_function("() => Number(document.getElementById('level-meter').getAttribute('aria-valuenow')) > 30",
                           timeout=3000)
    page.wait_for_timeout(1500)

    # Pause.
    t_pause = time.monotonic()
    button(page, "Pause").click()
    expect(page.locator("#record-label")).to_have_text("Recording paused")
    expect(button(page, "Resume")).to_be_visible()
    expect(page.locator("#pause-button")).to_be_hidden()
    expect(button(page, "Stop recording")).to_be_visible()
    expect(mic).to_be_disabled()
    shown_at_pause = page.locator("#record-time").inner_text()
    page.wait_for_timeout(1000)
    expect(page.locator("#record-time")).to_have_text(shown_at_pause)   # the clock stops while paused

    # Resume: appends.
    t_resume = time.monotonic()
    button(page, "Resume").click()
    expect(page.locator("#record-label")).to_have_text("Recording…")
    expect(button(page, "Pause")).to_be_visible()
    expect(page.locator("#resume-button")).to_be_hidden()
    page.wait_for_timeout(1500)

    # Stop, with the first upload failing: the take must survive and Try again must save it.
    failures = []

    def fail_once(route):
        failures.append(route.request.url)
        route.fulfill(status=503, content_type="application/json", body='{"error": "Simulated outage"}')

    page.route(re.compile(r".*/api/recordings\?.*"), fail_once)
    t_stop = time.monotonic()
    button(page, "Stop recording").click()
    expect(page.locator("#upload-error")).to_be_visible()
    expect(page.locator("#upload-error")).to_contain_text("Simulated outage")
    expect(page.locator("#record-label")).to_have_text("Not saved yet")
    expect(button(page, "Pause")).to_have_count(0)
    expect(button(page, "Stop recording")).to_have_count(0)
    assert len(failures) == 1
    page.unroute(re.compile(r".*/api/recordings\?.*"))
    with page.expect_response(lambda r: "/api/recordings?" in r.url and r.request.method == "POST") as posted:
        button(page, "Try again").click()
    assert posted.value.status == 201
    recording = posted.value.json()
    expect(page).to_have_url(re.compile(r"#/play/" + re.escape(recording["id"]) + "$"))

    # The saved take: length and level. Two clocks: the page's own marks of when capture was told
    # to record/pause/resume/stop (tight), and this test's wall clock around the clicks (loose).
    marks = page.evaluate("() => ppMetrics.capture")
    assert [m["event"] for m in marks] == ["record", "pause", "resume", "stop"], marks
    t = {m["event"]: m["t"] / 1000 for m in marks}
    expected_page = (t["pause"] - t["record"]) + (t["stop"] - t["resume"])
    expected = (t_pause - t_recording) + (t_stop - t_resume)
    assert abs(recording["durationSeconds"] - expected_page) <= PAGE_DURATION_TOLERANCE_S, (recording, expected_page)
    assert abs(recording["durationSeconds"] - expected) <= DURATION_TOLERANCE_S, (recording, expected)
    assert recording["frameCount"] == round(recording["durationSeconds"] * recording["sampleRate"]) or \
        abs(recording["frameCount"] / recording["sampleRate"] - recording["durationSeconds"]) < 1e-3
    original, rate = read_wav(api_bytes(f"/api/recordings/{recording['id']}/audio"))
    source, source_rate = read_wav(speech_wav)
    level_take, level_file = active_rms_db(original, rate), active_rms_db(source, source_rate)
    assert abs(level_take - level_file) <= LEVEL_TOLERANCE_DB, (level_take, level_file)
    # One second from the first stretch, found in the file: the capture is the file, unprocessed.
    needle = original[int(0.5 * rate): int(1.5 * rate)]
    corr, lag, gain_db = best_match(needle, resample(source, source_rate, rate))
    assert corr >= 0.9, (corr, lag, gain_db)
    report(f"take: {recording['durationSeconds']:.3f} s saved; recorded minus paused {expected_page:.3f} s by the page's "
           f"marks, {expected:.3f} s by the test's clock around the clicks; "
           f"speech level {level_take:.1f} dBFS vs file {level_file:.1f} dBFS; "
           f"correlation with the file {corr:.4f} at {gain_db:+.2f} dB; {rate} Hz")

    # Play view.
    expect(page.get_by_role("heading", name="Your recording")).to_be_visible()
    inked = page.evaluate("""() => { const c = document.getElementById('waveform');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; let n = 0;
        for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++; return n / (c.width * c.height); }""")
    assert inked > 0.02, f"waveform looks empty ({inked:.3f} of the canvas inked)"
    for name in VOICE_NAMES.values():
        expect(button(page, name)).to_be_visible()
    expect(button(page, "Stop")).to_be_disabled()
    wait_all_voices_ready(page, 120_000)

    original_seconds = len(original) / rate
    for voice, name in VOICE_NAMES.items():
        button(page, name).click()
        expect(page.locator("#now-playing")).to_contain_text(f"Playing: {name}")
        expect(button(page, name)).to_have_attribute("aria-pressed", "true")
        expect(page.locator("#status")).to_have_text(f"Playing {name}.")
        info, played = played_samples(page)
        assert info["voice"] == voice
        played_seconds = len(played) / info["sampleRate"]
        assert float(np.max(np.abs(played))) > 0.01, f"{voice} played silence"
        if voice == "snail":
            assert abs(played_seconds - 2 * original_seconds) <= LENGTH_TOLERANCE_S, (played_seconds, original_seconds)
            report(f"snail: {played_seconds:.4f} s played for {original_seconds:.4f} s (ratio {played_seconds / original_seconds:.4f})")
        elif voice == "rabbit":
            assert abs(played_seconds - 0.5 * original_seconds) <= LENGTH_TOLERANCE_S, (played_seconds, original_seconds)
            report(f"rabbit: {played_seconds:.4f} s played for {original_seconds:.4f} s (ratio {played_seconds / original_seconds:.4f})")
        elif voice in ("chipmunk", "vader"):
            target = 1200 if voice == "chipmunk" else -1200
            shift = pitch_shift_cents(original, rate, played, info["sampleRate"])
            report(f"{voice}: {shift['paired']:+.1f} ¢ (per-frame median over {shift['voiced_frames']} voiced frames, "
                   f"{100 * shift['agreeing_frames']:.0f}% within 50 ¢ of it, delay {shift['lag_ms']} ms); "
                   f"{shift['medians']:+.1f} ¢ from median f0 {shift['f0_original_hz']:.1f} → {shift['f0_shifted_hz']:.1f} Hz")
            assert shift["voiced_frames"] >= 40, shift
            assert abs(shift["paired"] - target) <= CENTS_TOLERANCE, shift
        else:
            assert played_seconds >= original_seconds   # echo and reverb keep their tails
        # Each new voice stops the previous one: exactly one source is sounding.
        page.wait_for_timeout(100)
        assert page.evaluate("() => ppActiveSources") == 1
        pressed = page.locator("#voices .voice[aria-pressed='true']")
        expect(pressed).to_have_count(1)

    # Quick switching: Chipmunk then Darth Vader straight away.
    button(page, "Chipmunk").click()
    button(page, "Darth Vader").click()
    page.wait_for_timeout(150)
    assert page.evaluate("() => ppActiveSources") == 1
    expect(page.locator("#now-playing")).to_contain_text("Playing: Darth Vader")

    # Stop.
    button(page, "Stop").click()
    page.wait_for_timeout(150)
    assert page.evaluate("() => ppActiveSources") == 0
    expect(page.locator("#now-playing")).not_to_contain_text("Playing")
    expect(page.locator("#voices .voice[aria-pressed='true']")).to_have_count(0)
    expect(button(page, "Stop")).to_be_disabled()

    # Back to Record while something plays: playback stops and the record view starts afresh.
    button(page, "Reverb").click()
    button(page, "Back to Record").click()
    expect(page).to_have_url(re.compile(r"#/record$"))
    page.wait_for_timeout(150)
    assert page.evaluate("() => ppActiveSources") == 0
    expect_initial_record_state(page)
    assert page.errors == []


def test_tap_to_sound_on_a_60_second_recording(page, long_wav):
    status, recording = api_json("/api/recordings?title=Sixty%20seconds", data=long_wav.read_bytes(),
                                 content_type="audio/wav")
    assert status == 201 and abs(recording["durationSeconds"] - 60) < 0.01, recording
    # Hold back the reverb render to see the per-button readiness while it loads.
    held = []
    page.route(re.compile(r".*/audio\?voice=reverb.*"), lambda route: held.append(route))
    page.goto(url(f"#/play/{recording['id']}"))
    t0 = time.monotonic()
    page.wait_for_function("() => [...document.querySelectorAll('#voices .voice')]"
                           ".filter(b => b.dataset.ready === 'true').length === 5", timeout=240_000)
    reverb = button(page, "Reverb")
    expect(reverb).to_have_attribute("data-ready", "loading")
    expect(reverb).to_have_attribute("aria-disabled", "true")
    expect(reverb).to_contain_text("Loading…")
    expect(button(page, "Echo")).to_contain_text("Ready")
    reverb.click(force=True)                          # aria-disabled while loading: nothing plays
    assert page.evaluate("() => ppMetrics.taps.length") == 0
    assert len(held) == 1
    held[0].continue_()
    page.unroute(re.compile(r".*/audio\?voice=reverb.*"))
    wait_all_voices_ready(page, 240_000)
    report(f"60 s recording: all six renders fetched and decoded {time.monotonic() - t0:.1f} s after opening")
    for name in VOICE_NAMES.values():
        button(page, name).click()
        page.wait_for_timeout(250)
    button(page, "Stop").click()
    taps = page.evaluate("() => ppMetrics.taps")
    assert [t["voice"] for t in taps] == list(VOICE_NAMES)
    line = ", ".join(f"{t['voice']} {t['clickToStartMs']:.1f} ms" for t in taps)
    report(f"tap-to-sound, click event → source.start() (60 s recording): {line}; "
           f"Web Audio output latency on top: {taps[0]['outputLatencyMs']:.0f} ms")
    expected_seconds = {"snail": 120, "rabbit": 30, "chipmunk": 60, "vader": 60}
    for t in taps:
        assert t["clickToStartMs"] <= TAP_BUDGET_MS, t
        if t["voice"] in expected_seconds:
            assert abs(t["durationSeconds"] - expected_seconds[t["voice"]]) < 0.01, t
    assert page.errors == []


@pytest.mark.parametrize("case", ["refused", "absent"])
def test_microphone_refused_or_absent(playwright_instance, speech_wav, case):
    fake_file = f"--use-file-for-fake-audio-capture={os.path.abspath(speech_wav)}%noloop"
    if case == "refused":
        # A fake device but no auto-accept: with no permission granted, Chromium refuses.
        b = launch(playwright_instance, "--use-fake-device-for-media-stream", fake_file)
    else:
        # Auto-accept, but no fake device: the container has no microphone.
        b = launch(playwright_instance, "--use-fake-ui-for-media-stream")
    try:
        context = b.new_context(viewport={"width": 390, "height": 844})
        page = watch(context.new_page())
        page.goto(url("#/record"))
        button(page, "Record").click()
        notice = page.locator("#mic-error")
        expect(notice).to_be_visible()
        if case == "refused":
            expect(notice).to_contain_text("Microphone blocked")
            expect(notice).to_contain_text("not allowed to use your microphone")
        else:
            expect(notice).to_contain_text("No microphone found")
        expect(notice).to_contain_text("site settings")
        expect(notice).to_contain_text("Try again")
        expect(page.locator("#status")).to_contain_text("icrophone")
        expect(button(page, "Try again")).to_be_enabled()
        # Still usable: Try again answers again, the mic button still works, navigation works.
        button(page, "Try again").click()
        expect(notice).to_be_visible()
        expect(button(page, "Record")).to_be_enabled()
        expect(button(page, "Pause")).to_have_count(0)
        if case == "refused":
            # Allowing the microphone and pressing Try again starts recording.
            context.grant_permissions(["microphone"], origin=BASE_URL)
            button(page, "Try again").click()
            expect(page.locator("#record-label")).to_have_text("Recording…")
            expect(notice).to_be_hidden()
        page.locator("#home-button").click()
        expect(button(page, "Record voice")).to_be_visible()
        assert page.errors == []
    finally:
        b.close()


def test_keyboard_only_starts_recording(page):
    for key in ("Enter", " "):
        page.goto(url("#/record"))
        page.reload()
        for _ in range(12):
            page.keyboard.press("Tab")
            if page.evaluate("() => document.activeElement && document.activeElement.id") == "mic-button":
                break
        else:
            pytest.fail("Tab never reached the microphone button")
        outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
        assert outline not in ("", "none"), "no visible focus ring on the microphone button"
        page.keyboard.press(key)
        expect(page.locator("#record-label")).to_have_text("Recording…")
        # Focus moves to Pause; the keyboard can pause, resume and stop too.
        assert page.evaluate("() => document.activeElement.textContent.trim()") == "Pause"
        page.keyboard.press(key)
        expect(page.locator("#record-label")).to_have_text("Recording paused")
        page.keyboard.press(key)
        expect(page.locator("#record-label")).to_have_text("Recording…")
    assert page.errors == []


def test_a_refused_take_can_be_downloaded_and_leaving_while_saving_stays_away(page):
    # A take the server refuses (413) is not blamed on the network: no Try again, but Download take
    # hands the WAV to the user, so nothing is lost.
    page.route(re.compile(r".*/api/recordings\?.*"), lambda route: route.fulfill(
        status=413, content_type="application/json", body='{"error": "The upload is larger than 1 KiB."}'))
    page.goto(url("#/record"))
    button(page, "Record").click()
    expect(page.locator("#record-label")).to_have_text("Recording…")
    page.wait_for_timeout(800)
    button(page, "Stop recording").click()
    expect(page.locator("#upload-error")).to_be_visible()
    expect(page.locator("#upload-error")).to_contain_text("too large")
    expect(page.locator("#upload-error")).to_contain_text("cannot keep this take")
    expect(page.locator("#upload-retry")).to_be_hidden()
    with page.expect_download() as downloaded:
        button(page, "Download take").click()
    path = downloaded.value.path()
    with open(path, "rb") as f:
        head = f.read(44)
    assert head[:4] == b"RIFF" and head[8:12] == b"WAVE"
    data_bytes = int.from_bytes(head[40:44], "little")
    rate = int.from_bytes(head[24:28], "little")
    assert 0.5 <= data_bytes / 2 / rate <= 2.0, (data_bytes, rate)   # about the 0.8 s recorded
    button(page, "Discard take").click()
    expect(page.locator("#record-label")).to_have_text("Tap to record")
    page.unroute(re.compile(r".*/api/recordings\?.*"))

    # Leaving the record view while the take saves: the recording is kept, and the user is not
    # pulled into the play view when the upload finishes.
    held = []
    page.route(re.compile(r".*/api/recordings\?.*"), lambda route: held.append(route))
    button(page, "Record").click()
    expect(page.locator("#record-label")).to_have_text("Recording…")
    page.wait_for_timeout(800)
    button(page, "Stop recording").click()
    expect(page.locator("#record-label")).to_have_text("Saving…")
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(50)
    assert len(held) == 1, "the upload never started"
    page.locator("#home-button").click()
    expect(button(page, "Record voice")).to_be_visible()
    with page.expect_response(lambda r: "/api/recordings?" in r.url and r.request.method == "POST") as posted:
        held[0].continue_()
    assert posted.value.status == 201
    page.wait_for_timeout(500)
    assert not re.search(r"#/play/", page.url), page.url
    expect(button(page, "Record voice")).to_be_visible()
    page.unroute(re.compile(r".*/api/recordings\?.*"))
    assert page.errors == []
