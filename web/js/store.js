// The client's shared state: one plain object, changed through update(), with
// listeners told after each change. Views read it and re-render their parts.

export class Store {
  constructor(initial) {
    this.state = initial;
    this.listeners_ = new Set();
    this.scheduled_ = false;
  }

  // Applies a change now and tells listeners once per turn of the event loop, so a
  // burst of events (a replayed game) renders once.
  update(change) {
    change(this.state);
    if (this.scheduled_) return;
    this.scheduled_ = true;
    queueMicrotask(() => {
      this.scheduled_ = false;
      for (const listener of [...this.listeners_]) listener(this.state);
    });
  }

  subscribe(listener) {
    this.listeners_.add(listener);
    return () => this.listeners_.delete(listener);
  }
}
