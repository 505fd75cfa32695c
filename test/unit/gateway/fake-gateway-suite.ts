// One fake gateway for a whole test file: started before its tests, cleared of scripts and recorded requests
// before each, closed after them. Test files that talk to the fake gateway call this once at the top instead
// of writing the same three hooks again.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { GatewayClient, GatewayClientOptions } from '../../../src-main/gateway/types.ts';
import type { FakeGatewayOptions } from '../../fake-gateway/types.ts';
import { fakeGateway, type StartedGateway } from './helpers.ts';

export interface FakeGatewaySuite {
  /** The running gateway (only inside tests and hooks: it starts in beforeAll). */
  readonly gateway: StartedGateway;
  /** A client of the gateway, as fakeGateway() builds it. */
  client(extra?: Partial<GatewayClientOptions>): GatewayClient;
}

export function fakeGatewayForFile(options: FakeGatewayOptions = {}): FakeGatewaySuite {
  let started: Awaited<ReturnType<typeof fakeGateway>> | undefined;
  beforeAll(async () => {
    started = await fakeGateway(options);
  });
  afterAll(() => started?.gateway.close());
  beforeEach(() => started?.gateway.reset());
  const running = () => {
    if (!started) throw new Error('The fake gateway starts in beforeAll: use it inside a test or a hook.');
    return started;
  };
  return {
    get gateway() {
      return running().gateway;
    },
    client: (extra) => running().client(extra),
  };
}
