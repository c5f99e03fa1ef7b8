"""Writes the README screenshots: docs/record-view.png, docs/play-view.png, docs/play-view-phone.png.

Run through `scripts/browser-tests --screenshots` (it starts the server and sets PP_BASE_URL).
"""
import os
import subprocess
import sys
import tempfile

from playwright.sync_api import expect, sync_playwright

BASE_URL = os.environ.get("PP_BASE_URL", "http://127.0.0.1:8080").rstrip("/")
CHROMIUM = os.environ.get("PP_CHROMIUM", "/usr/lib/chromium/chromium")
READY = ("() => { const t = [...document.querySelectorAll('#voices .voice')];"
         " return t.length === 6 && t.every(b => b.dataset.ready === 'true'); }")


def main(out_dir):
    work = tempfile.mkdtemp(prefix="pp-shots-")
    raw, speech = os.path.join(work, "raw.wav"), os.path.join(work, "speech.wav")
    subprocess.run(["espeak-ng", "-v", "en-us", "-s", "160", "-w", raw,
                    "Hello! Welcome to the PitchPerfect studio. Let's hear that as a chipmunk."], check=True)
    subprocess.run(["sox", raw, "-r", "48000", "-c", "1", "-b", "16", speech, "pad", "0.3", "0.5"], check=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
            f"--use-file-for-fake-audio-capture={speech}%noloop",
            "--disable-dev-shm-usage", "--autoplay-policy=no-user-gesture-required", "--hide-scrollbars"])
        desktop = browser.new_context(viewport={"width": 1280, "height": 800})
        page = desktop.new_page()
        page.goto(f"{BASE_URL}/#/record")
        page.get_by_role("button", name="Record", exact=True).click()
        expect(page.locator("#record-label")).to_have_text("Recording…")
        page.wait_for_timeout(2300)
        page.mouse.move(0, 0)
        page.screenshot(path=os.path.join(out_dir, "record-view.png"))
        page.wait_for_timeout(1500)
        page.get_by_role("button", name="Stop recording").click()
        page.wait_for_url("**/#/play/*")
        recording_id = page.url.rsplit("/", 1)[1]
        page.wait_for_function(READY, timeout=120_000)
        page.get_by_role("button", name="Chipmunk", exact=True).click()
        page.wait_for_timeout(700)
        page.mouse.move(0, 0)
        page.screenshot(path=os.path.join(out_dir, "play-view.png"), full_page=True)

        phone = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                    is_mobile=True, has_touch=True)
        page = phone.new_page()
        page.goto(f"{BASE_URL}/#/play/{recording_id}")
        page.wait_for_function(READY, timeout=120_000)
        page.get_by_role("button", name="Darth Vader", exact=True).click()
        page.wait_for_timeout(700)
        page.screenshot(path=os.path.join(out_dir, "play-view-phone.png"), full_page=True)
        browser.close()
    for name in ("record-view.png", "play-view.png", "play-view-phone.png"):
        print(os.path.join(out_dir, name))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "docs")
