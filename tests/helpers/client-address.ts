import { Agent, fetch as undiciFetch } from 'undici';

/**
 * `fetch` from one loopback source address (127.0.0.x as the socket's source, no x-forwarded-for), so
 * that each simulated client is a distinct machine to the server's per-client limits.
 */
const agents = new Map<string, Agent>();
export function fetchFrom(ip: string): typeof fetch {
  let dispatcher = agents.get(ip);
  if (!dispatcher) {
    dispatcher = new Agent({ localAddress: ip });
    agents.set(ip, dispatcher);
  }
  const d = dispatcher;
  return ((input: string | URL | Request, init?: RequestInit) =>
    undiciFetch(input as never, { ...(init as object), dispatcher: d } as never)) as unknown as typeof fetch;
}

/** Closes the connections of every address used (in a file's afterAll). */
export async function closeClientAgents(): Promise<void> {
  for (const a of agents.values()) await a.close();
  agents.clear();
}
