import type { AddressInfo } from 'node:net';
import dns2 from 'dns2';

type Records = { txt?: string[]; cname?: string; a?: string[] };

export interface DnsPeer {
  /** "127.0.0.1:port", for DNS_SERVERS. */
  server: string;
  /** Sets (or with undefined, removes) the records of a name. */
  set(name: string, records: Records | undefined): void;
  close(): Promise<void>;
}

/** A real DNS server (the dns2 package) on UDP for domain tests: it answers the records set, else NXDOMAIN-like empty answers. */
export async function startDnsPeer(port = 0): Promise<DnsPeer> {
  const zone = new Map<string, Records>();
  const { Packet } = dns2;
  const server = dns2.createUDPServer((request, send) => {
    const response = Packet.createResponseFromRequest(request);
    const [question] = request.questions;
    const name = question?.name.toLowerCase() ?? '';
    const records = zone.get(name);
    const base = { name: question?.name ?? '', class: Packet.CLASS.IN, ttl: 1 };
    // The package's types want its own Resource class; the encoder takes plain records.
    const answers = response.answers as unknown as object[];
    if (records && question) {
      if (question.type === Packet.TYPE.TXT) for (const data of records.txt ?? []) answers.push({ ...base, type: Packet.TYPE.TXT, data });
      if (question.type === Packet.TYPE.CNAME && records.cname) answers.push({ ...base, type: Packet.TYPE.CNAME, domain: records.cname });
      if (question.type === Packet.TYPE.A) for (const address of records.a ?? []) answers.push({ ...base, type: Packet.TYPE.A, address });
    }
    send(response);
  });
  await server.listen(port, '127.0.0.1');
  const bound = (server.address() as AddressInfo).port;
  return {
    server: `127.0.0.1:${bound}`,
    set(name, records) {
      if (records) zone.set(name.toLowerCase(), records);
      else zone.delete(name.toLowerCase());
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
