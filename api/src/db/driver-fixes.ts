import type { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { MongoNetworkError } from 'mongodb';

/** The parts of the driver's internal Connection this fix touches (mongodb 7.8 / 7.9, lib/cmap/connection.js). */
interface DriverConnection extends EventEmitter {
  id: number | '<monitor>';
  address: string;
  closed: boolean;
  /** Why it closed (set before the connection emits 'close'). */
  error?: Error;
  socket: Socket;
  onError(error: Error): void;
  writeCommand(...args: unknown[]): Promise<void>;
}

let installed = false;

/**
 * mongodb 7.8 and 7.9: a command written to a connection whose socket is already destroyed, but
 * has not emitted 'close' yet (the server ended it a moment ago), waits forever: the write takes
 * nothing and emits neither 'drain' nor 'error', and a destroyed socket's timeout never fires. When
 * the server monitor's check met one (a pooled connection's error asks for a check at once), the
 * monitor never checked again and the api answered 503 after the database was back, until restarted.
 * With this the write fails as the closed connection it is, so the check fails and the next one
 * runs (db/driver-fixes.test.ts shows both the monitor and a plain command).
 */
export function failWritesOnDestroyedSockets(): void {
  if (installed) return;
  // The driver has no exports map: its internal modules can be required by path.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Connection } = require('mongodb/lib/cmap/connection') as { Connection?: { prototype: DriverConnection } };
  const prototype = Connection?.prototype;
  if (typeof prototype?.writeCommand !== 'function' || typeof prototype.onError !== 'function') {
    throw new Error('The mongodb driver changed inside: review api/src/db/driver-fixes.ts for this version');
  }
  const writeCommand = prototype.writeCommand;
  prototype.writeCommand = function writeUnlessClosed(this: DriverConnection, ...args: unknown[]) {
    const closedError = () => this.error ?? new MongoNetworkError(`connection ${this.id} to ${this.address} closed`);
    if (this.closed) return Promise.reject(closedError());
    if (this.socket.destroyed) {
      const error = closedError();
      this.onError(error);
      return Promise.reject(error);
    }
    // Destroyed while the driver waits to write: its 'close' ends the wait.
    return new Promise<void>((resolve, reject) => {
      const onClose = () => reject(closedError());
      this.once('close', onClose);
      writeCommand.apply(this, args).then(resolve, reject).finally(() => this.off('close', onClose));
    });
  };
  installed = true;
}
