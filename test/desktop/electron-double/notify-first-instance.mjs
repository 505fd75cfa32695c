// Carries a second instance's command line to the first one over its SingletonSocket and waits for the
// acknowledgement (see single-instance.ts). Retries briefly: the first instance may still be starting.
import { connect } from 'node:net';

const socketPath = process.argv[2];
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  input += chunk;
});
process.stdin.on('end', () => attempt(0));

function attempt(tries) {
  const socket = connect(socketPath);
  socket.setEncoding('utf8');
  socket.on('connect', () => socket.write(input));
  socket.on('data', (text) => {
    if (text.includes('ACK')) process.exit(0);
  });
  socket.on('error', () => {
    if (tries < 40) setTimeout(() => attempt(tries + 1), 50);
    else process.exit(1);
  });
}
