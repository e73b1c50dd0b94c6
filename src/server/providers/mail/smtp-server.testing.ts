import "server-only";
import type { AddressInfo, Socket } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent (headers and body). */
  raw: string;
}

/**
 * An SMTP server on loopback for tests and benchmarks: it takes every message without
 * authentication and keeps it, and counts the connections it was given.
 */
export async function startSmtpServer(): Promise<{
  url: string;
  received: ReceivedMail[];
  connections: () => number;
  /** Drops every open connection, as a server does after its idle timeout. */
  dropConnections: () => void;
  close: () => Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    // A test server's own cost (a reverse DNS lookup per connection) is not the sender's.
    disableReverseLookup: true,
    onConnect(_session, done) {
      connections++;
      done();
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        done();
      });
    },
  });
  server.server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received,
    connections: () => connections,
    dropConnections: () => {
      for (const s of sockets) s.destroy();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
