import type http from 'node:http';
import type { Socket } from 'node:net';

interface ConnectionState {
  active: number;
  lastActivity: number;
}

/**
 * Knows, for every open connection, whether a request is in progress and when bytes last came in.
 * A shutdown then closes only connections that are idle *and quiet*: one whose request is still
 * arriving (read but not yet parsed) looks idle to Node and would be reset by closeIdleConnections().
 */
export function trackConnections(server: http.Server) {
  const connections = new Map<Socket, ConnectionState>();
  server.on('connection', (socket: Socket) => {
    const state: ConnectionState = { active: 0, lastActivity: Date.now() };
    connections.set(socket, state);
    socket.on('data', () => {
      state.lastActivity = Date.now();
    });
    socket.on('close', () => connections.delete(socket));
  });
  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    const state = connections.get(request.socket);
    if (!state) return;
    state.active += 1;
    response.on('close', () => {
      state.active -= 1;
      state.lastActivity = Date.now();
    });
  });

  return {
    /** Until the returned function is called, closes connections with nothing in progress and no bytes for quietMs. */
    closeQuietConnections(quietMs = 500): () => void {
      const timer = setInterval(() => {
        const now = Date.now();
        for (const [socket, state] of connections) if (state.active === 0 && now - state.lastActivity >= quietMs) socket.destroy();
      }, 100);
      return () => clearInterval(timer);
    },
  };
}
