/** A worker stand-in for the client and controller tests: it records what it is sent; the test delivers its replies. */
import type { WorkerLike } from '../../src/worker/client';
import type { WorkerReply, WorkerRequest } from '../../src/worker/protocol';

export class FakeWorker implements WorkerLike {
  readonly sent: WorkerRequest[] = [];
  terminated = false;
  onmessage: ((e: MessageEvent<WorkerReply>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  postMessage(m: WorkerRequest) {
    this.sent.push(m);
  }
  terminate() {
    this.terminated = true;
  }
  reply(r: WorkerReply) {
    this.onmessage?.({ data: r } as MessageEvent<WorkerReply>);
  }
  crash(message: string) {
    this.onerror?.({ message, preventDefault() {} } as ErrorEvent);
  }
  /** The last request of a type. */
  last<T extends WorkerRequest['type']>(type: T): Extract<WorkerRequest, { type: T }> {
    const found = this.sent.filter((m): m is Extract<WorkerRequest, { type: T }> => m.type === type);
    if (!found.length) throw new Error(`no ${type} request was sent`);
    return found[found.length - 1];
  }
  /** Every request of a type, in the order sent. */
  all<T extends WorkerRequest['type']>(type: T): Extract<WorkerRequest, { type: T }>[] {
    return this.sent.filter((m): m is Extract<WorkerRequest, { type: T }> => m.type === type);
  }
  types(): string[] {
    return this.sent.map((m) => m.type);
  }
}
