"""A headless Chromium driven over the DevTools protocol on a pipe (--remote-debugging-pipe):
no websocket library, no port, no browser download; only the Python standard library and the
system's chromium. Every wait has a deadline."""
import base64
import json
import os
import queue
import shutil
import subprocess
import tempfile
import threading
import time


class BrowserError(Exception):
    pass


class Browser:
    """One browser process with one page; `call` sends a command to the page and waits for its answer."""

    def __init__(self, executable, width=1400, height=900, timeout=20.0):
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="understudy-chromium-")
        to_browser_read, self._to_browser = os.pipe()
        self._from_browser, from_browser_write = os.pipe()

        def hand_over_pipes():
            # The browser reads commands from fd 3 and writes answers to fd 4.
            os.dup2(to_browser_read, 3)
            os.dup2(from_browser_write, 4)

        arguments = [
            executable, "--headless", "--remote-debugging-pipe", "--no-first-run", "--no-default-browser-check",
            "--disable-gpu", "--disable-extensions", "--disable-background-networking", "--disable-sync",
            "--disable-component-update", "--mute-audio", "--hide-scrollbars", f"--window-size={width},{height}",
            f"--user-data-dir={self.profile}", "about:blank",
        ]
        if os.geteuid() == 0:
            arguments.insert(1, "--no-sandbox")  # Chromium's sandbox refuses to run as root
        self.process = subprocess.Popen(
            arguments, pass_fds=(3, 4), preexec_fn=hand_over_pipes, stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self._next_id = 0
        self._answers = {}
        self._events = queue.Queue()
        self._lock = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()
        target = self._send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self._send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call("Page.enable")
        self.call("Runtime.enable")
        self.call("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})

    def _read(self):
        buffer = b""
        while True:
            chunk = os.read(self._from_browser, 1 << 16)
            if not chunk:
                with self._lock:
                    self._answers[None] = "browser closed the pipe"
                    self._lock.notify_all()
                return
            buffer += chunk
            while b"\0" in buffer:
                message, buffer = buffer.split(b"\0", 1)
                decoded = json.loads(message)
                if "id" in decoded:
                    with self._lock:
                        self._answers[decoded["id"]] = decoded
                        self._lock.notify_all()
                else:
                    self._events.put(decoded)

    def _send(self, method, params=None, session=None):
        with self._lock:
            self._next_id += 1
            command_id = self._next_id
        message = {"id": command_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        with self._lock:
            while command_id not in self._answers:
                if None in self._answers:
                    raise BrowserError(f"{method}: {self._answers[None]}")
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise BrowserError(f"{method}: no answer within {self.timeout} s")
                self._lock.wait(remaining)
            answer = self._answers.pop(command_id)
        if "error" in answer:
            raise BrowserError(f"{method}: {answer['error'].get('message')}")
        return answer.get("result", {})

    def call(self, method, params=None):
        """Sends a command to the page."""
        return self._send(method, params, self.session)

    def evaluate(self, expression):
        """The value of a JavaScript expression in the page (awaited when it is a promise)."""
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression}: {result['exceptionDetails'].get('exception', {}).get('description')}")
        return result["result"].get("value")

    def navigate(self, url):
        self.call("Page.navigate", {"url": url})
        self.wait_for("document.readyState === 'complete'", f"{url} to load")

    def wait_for(self, expression, what, timeout=None):
        """Polls `expression` until it is truthy; raises naming `what` at the deadline."""
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            value = self.evaluate(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                raise BrowserError(f"timed out waiting for {what}")
            time.sleep(0.1)

    def click(self, selector):
        """Clicks the centre of the first element matching `selector` with the mouse, as a person would."""
        point = self.wait_for(
            f"""(() => {{ const e = document.querySelector({json.dumps(selector)});
                 if (!e || e.offsetParent === null) return null;
                 e.scrollIntoView({{block: 'center'}}); const r = e.getBoundingClientRect();
                 return [r.x + r.width / 2, r.y + r.height / 2]; }})()""",
            f"{selector} to be visible")
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", {"type": kind, "x": point[0], "y": point[1], "button": "left", "clickCount": 1})

    def choose(self, selector, value):
        """Picks `value` in a <select>: native pop-ups do not open headless, so as the page sees a choice."""
        self.evaluate(f"""(() => {{ const s = document.querySelector({json.dumps(selector)}); s.value = {json.dumps(value)};
                          s.dispatchEvent(new Event('change', {{bubbles: true}})); }})()""")

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", {"format": "png"})["data"]
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))

    def close(self):
        try:
            self._send("Browser.close")
        except BrowserError:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)
