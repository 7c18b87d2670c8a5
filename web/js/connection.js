// The WebSocket link to the server: request/reply matching by `re`, event
// dispatch by `type`, and reconnection with exponential back-off. Callers see
// a status ("connecting", "open", "down") and never hold the socket itself.
// Requests are built and event types named in protocol.js.

import { Reply } from "./protocol.js";

export class RequestError extends Error {
  // `until`: for `banned`, when the ban ends (Unix ms). `retry_after_ms`: for `unavailable`, when to ask again.
  constructor(code, message, until = undefined, retry_after_ms = undefined) {
    super(message || code);
    this.code = code;
    this.until = until;
    this.retry_after_ms = retry_after_ms;
  }
}

const first_retry_ms = 500;
// A cluster node's lease is 15 s by default: a lost node's games run again elsewhere within about that.
const unavailable_patience_ms = 45000;
const max_retry_ms = 16000;

export class Connection {
  constructor(url) {
    this.url_ = url;
    this.socket_ = null;
    this.next_id_ = 1;
    this.pending_ = new Map();
    this.event_handlers_ = new Map();
    this.status_handlers_ = [];
    this.open_handlers_ = [];
    this.retry_ms_ = first_retry_ms;
    this.retry_timer_ = null;
    this.status = "connecting";
  }

  // Handlers for server events of one type ("*" gets every event); returns
  // a function that takes the handler away again (for views that go away).
  on(type, handler) {
    if (!this.event_handlers_.has(type)) this.event_handlers_.set(type, []);
    this.event_handlers_.get(type).push(handler);
    return () => {
      const handlers = this.event_handlers_.get(type);
      const at = handlers.indexOf(handler);
      if (at >= 0) handlers.splice(at, 1);
    };
  }

  // Like on(), for the status; returns the function that takes it away.
  on_status(handler) {
    this.status_handlers_.push(handler);
    return () => {
      const at = this.status_handlers_.indexOf(handler);
      if (at >= 0) this.status_handlers_.splice(at, 1);
    };
  }

  // Runs after every (re)connection, before requests queued by others: the
  // place to send hello/resume and to watch again what was watched. Returns
  // the function that takes it away.
  on_open(handler) {
    this.open_handlers_.push(handler);
    return () => {
      const at = this.open_handlers_.indexOf(handler);
      if (at >= 0) this.open_handlers_.splice(at, 1);
    };
  }

  connect() {
    clearTimeout(this.retry_timer_);
    this.set_status_("connecting");
    let socket;
    try {
      socket = new WebSocket(this.url_);
    } catch (err) {
      this.schedule_retry_();
      return;
    }
    this.socket_ = socket;
    socket.onopen = () => {
      this.retry_ms_ = first_retry_ms;
      this.set_status_("open");
      for (const handler of this.open_handlers_) handler();
    };
    socket.onmessage = (frame) => this.receive_(frame.data);
    socket.onclose = () => {
      if (this.socket_ !== socket) return;
      this.socket_ = null;
      this.fail_pending_();
      this.set_status_("down");
      this.schedule_retry_();
    };
  }

  // Sends a request ({type, ...fields}, from protocol.js); resolves with the
  // "ok" reply, rejects with RequestError.
  // A request refused as `unavailable` (a game in progress whose server is being replaced: nothing was done) is
  // sent again when the server says, for as long as a takeover may take; the caller sees only the final answer.
  async request(message) {
    const deadline = Date.now() + unavailable_patience_ms;
    for (;;) {
      try {
        return await this.send_request_(message);
      } catch (err) {
        const wait = err.retry_after_ms;
        if (err.code !== "unavailable" || !(wait > 0) || Date.now() + wait > deadline) throw err;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  send_request_(message) {
    if (!this.socket_ || this.socket_.readyState !== WebSocket.OPEN) {
      return Promise.reject(new RequestError("disconnected", "not connected"));
    }
    const id = this.next_id_++;
    const frame = JSON.stringify({ ...message, id });
    return new Promise((resolve, reject) => {
      this.pending_.set(id, { resolve, reject });
      this.socket_.send(frame);
    });
  }

  // Closes the socket as a network failure would, to test recovery by hand.
  drop() {
    if (this.socket_) this.socket_.close();
  }

  receive_(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch (err) {
      console.warn("unreadable frame from server", text);
      return;
    }
    if ((message.type === Reply.ok || message.type === Reply.error) && message.re !== undefined) {
      const waiter = this.pending_.get(message.re);
      if (!waiter) return;
      this.pending_.delete(message.re);
      if (message.type === Reply.ok) waiter.resolve(message);
      else waiter.reject(new RequestError(message.code, message.message, message.until, message.retry_after_ms));
      return;
    }
    for (const key of [message.type, "*"]) {
      // A copy: a handler may take itself or another away meanwhile.
      for (const handler of [...(this.event_handlers_.get(key) || [])]) handler(message);
    }
  }

  fail_pending_() {
    for (const waiter of this.pending_.values()) {
      waiter.reject(new RequestError("disconnected", "connection lost"));
    }
    this.pending_.clear();
  }

  schedule_retry_() {
    const delay = this.retry_ms_ * (0.75 + Math.random() * 0.5);
    this.retry_ms_ = Math.min(this.retry_ms_ * 2, max_retry_ms);
    this.retry_timer_ = setTimeout(() => this.connect(), delay);
  }

  set_status_(status) {
    this.status = status;
    for (const handler of [...this.status_handlers_]) handler(status);
  }
}
