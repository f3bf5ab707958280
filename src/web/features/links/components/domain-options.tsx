import { siteHost } from '../utils/link-code.ts';

/** A link's domain choices: this site (the empty value) first, then the account's links domains. */
export function DomainOptions({ domains, publicUrl }: { domains: readonly string[]; publicUrl: string | undefined }) {
  return (
    <>
      <option value="">{siteHost(publicUrl)}</option>
      {domains.map((hostname) => (
        <option key={hostname} value={hostname}>
          {hostname}
        </option>
      ))}
    </>
  );
}
