// Request/answer with a worker running user code, with a backstop: when an answer does not
// come in time the worker is terminated (a loop in user code can never block anything).

export class WorkerRpc {
  constructor(url) {
    this.url = url;
    this.seq = 0;
    this.start();
  }

  /** (Re)starts the worker. */
  start() {
    this.worker = new Worker(this.url, { type: 'module' });
  }

  /** Resolves to the worker's answer, or { timeout: true } after `backstopMs` (the worker is then ended). */
  call(message, backstopMs) {
    const id = ++this.seq;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.worker.removeEventListener('message', onMessage);
        this.worker.terminate();
        resolve({ timeout: true });
      }, backstopMs);
      const onMessage = (e) => {
        if (e.data.id !== id) return;
        clearTimeout(timer);
        this.worker.removeEventListener('message', onMessage);
        resolve(e.data);
      };
      this.worker.addEventListener('message', onMessage);
      this.worker.postMessage({ ...message, id });
    });
  }

  close() { this.worker.terminate(); }
}
