/**
 * Worker stand-ins for the client and controller tests. `FakeWorker` records
 * the calls it is sent; the test delivers their answers. `inProcessWorker`
 * serves the real RobotsApi behind asynchronous, cloned messages.
 */

import { RobotsApi } from '../../src/worker/api';
import type { WorkerLike } from '../../src/worker/client';
import type { HandlerHost } from '../../src/worker/host';
import { serve } from '../../src/worker/rpc';

/** A call as the worker receives it. */
export interface SentCall {
  id: number;
  method: string;
  // biome-ignore lint/suspicious/noExplicitAny: a test reads whichever argument the method takes.
  arg: any;
}

export class FakeWorker implements WorkerLike {
  readonly sent: SentCall[] = [];
  /** Calls the page cancelled. */
  readonly aborted: number[] = [];
  terminated = false;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  postMessage(m: unknown) {
    const msg = m as SentCall | { id: number; abort: true };
    if ('abort' in msg) this.aborted.push(msg.id);
    else this.sent.push(msg);
  }
  terminate() {
    this.terminated = true;
  }
  private deliver(data: unknown) {
    this.onmessage?.({ data } as MessageEvent);
  }
  /** Answers a call. */
  answer(call: SentCall, value: unknown) {
    this.deliver({ id: call.id, value });
  }
  /** Sends one piece of a streamed answer. */
  chunk(call: SentCall, chunk: unknown) {
    this.deliver({ id: call.id, chunk });
  }
  /** Answers a call with an error. */
  fail(call: SentCall, error: string) {
    this.deliver({ id: call.id, error });
  }
  crash(message: string) {
    this.onerror?.({ message, preventDefault() {} } as ErrorEvent);
  }
  /** The last call of a method. */
  last(method: string): SentCall {
    const found = this.all(method);
    if (!found.length) throw new Error(`no ${method} call was sent`);
    return found[found.length - 1];
  }
  /** Every call of a method, in the order sent. */
  all(method: string): SentCall[] {
    return this.sent.filter((m) => m.method === method);
  }
  methods(): string[] {
    return this.sent.map((m) => m.method);
  }
}

/** A worker that serves the real RobotsApi in this thread; `sent` names each call. */
export function inProcessWorker(host: Partial<HandlerHost> = {}, sent: string[] = []): WorkerLike {
  const api = new RobotsApi({ schedule: (fn) => setTimeout(fn, 0), now: () => performance.now(), ...host });
  const page: WorkerLike = {
    onmessage: null,
    onerror: null,
    postMessage(m) {
      const call = m as SentCall;
      if (call.method)
        sent.push(
          call.method === 'evaluate'
            ? `evaluate ${call.arg.urlsText === null ? 'the held list' : 'a copy'}`
            : call.method,
        );
      setTimeout(() => worker.onmessage?.({ data: structuredClone(m) } as MessageEvent), 0);
    },
    terminate() {},
  };
  const worker = {
    onmessage: null as ((e: MessageEvent) => void) | null,
    postMessage(m: unknown) {
      setTimeout(() => page.onmessage?.({ data: m } as MessageEvent), 0);
    },
  };
  serve(api, worker);
  return page;
}
