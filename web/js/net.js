// A WebSocket that reconnects by itself: after a drop or a server restart it retries with a
// growing delay (up to 5 s) and the server sends the current state on every (re)connection.

/** @typedef {import('./types.js').Frame} Frame */
/** @typedef {import('./types.js').ClientMessage} ClientMessage */

export class Link {
  /** @param {string} url @param {(msg: Frame) => void} onMessage @param {(online: boolean) => void} onStatus */
  constructor(url, onMessage, onStatus) {
    this.url = url;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.delay = 250;
    /** @type {WebSocket|null} */
    this.ws = null;
    this.closed = false;
    this.open();
  }

  open() {
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => { this.delay = 250; this.onStatus(true); };
    ws.onmessage = (e) => {
      /** @type {Frame} */
      let msg;
      try { msg = JSON.parse(e.data); } catch { return; }
      this.onMessage(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws || this.closed) return;  // closed: the link is not valid, no retry
      this.onStatus(false);
      setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 5000);
    };
  }

  /** Sends a JSON message; false when offline (the caller waits for the next state). @param {ClientMessage} obj */
  send(obj) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(obj));
    return true;
  }
}
