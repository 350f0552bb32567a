import { connect, type Socket } from 'node:net';

/**
 * A raw HTTP/1.1 connection, for what fetch cannot do: send a request's headers now and its body
 * later (a request in flight for as long as the test wants), and pipeline a second request on the
 * same connection.
 */
export class RawConnection {
  private received = '';
  readonly closed: Promise<void>;

  private constructor(private readonly socket: Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (this.received += chunk));
    socket.on('error', () => undefined); // A reset shows up as a missing response.
    this.closed = new Promise((resolve) => socket.on('close', () => resolve()));
  }

  static open(baseUrl: string): Promise<RawConnection> {
    const { hostname, port } = new URL(baseUrl);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  write(text: string) {
    this.socket.write(text);
  }

  /** Headers of a JSON POST whose body will follow through `write`. */
  startJsonPost(path: string, host: string, body: string) {
    this.write(
      `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
  }

  /** The status codes of every response received so far, in order. */
  statuses(): number[] {
    // A pipelined response starts right after the previous body, not at the start of a line.
    return [...this.received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]));
  }

  text() {
    return this.received;
  }

  end() {
    this.socket.end();
  }
}
