import { Ban, ShieldAlert, ShieldCheck, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { normalizeDomain } from '#shared/links.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { LoadingState, Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { usePageTitle } from '#web/lib/page-title.ts';
import { showToast } from '#web/lib/toast.ts';
import { useBlockDomain } from '../api/block-domain.ts';
import { useBlockedDomains } from '../api/get-blocked-domains.ts';
import { useUnblockDomain } from '../api/unblock-domain.ts';

const ADMINS_ONLY = 'Access Denied. Admins only.';
const DOMAIN_REQUIRED = 'Please enter a domain.';
const DOMAIN_INVALID = 'Please enter a domain such as example.com.';
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function BlockDomainForm() {
  const id = useId();
  const inputId = `${id}-domain`;
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const blockDomain = useBlockDomain();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blockDomain.isPending) return;
    const domain = value.trim() ? normalizeDomain(value) : undefined;
    if (!domain) {
      setError(value.trim() ? DOMAIN_INVALID : DOMAIN_REQUIRED);
      document.getElementById(inputId)?.focus();
      return;
    }
    setError(undefined);
    try {
      const result = await blockDomain.mutateAsync(domain);
      setValue('');
      showToast({ title: 'Domain Blocked', description: `Links to ${result.domain} are now refused and stop redirecting.`, variant: 'success' });
    } catch (failure) {
      const message = errorMessage(failure);
      setError(message);
      showToast({ title: 'Error', description: message, variant: 'error' });
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Block a domain">
      <fieldset disabled={blockDomain.isPending} className="min-w-0 flex flex-col gap-3 sm:flex-row sm:items-end">
        <FormField id={inputId} label="Domain" error={error} hint="Subdomains are blocked too." className="flex-1">
          <Input
            id={inputId}
            autoComplete="off"
            spellCheck={false}
            placeholder="spam.example"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            {...fieldAria(inputId, error)}
          />
        </FormField>
        <Button type="submit" variant="destructive" className="sm:mb-6">
          {blockDomain.isPending ? (
            <>
              <Spinner className="text-white" /> Blocking...
            </>
          ) : (
            <>
              <Ban aria-hidden="true" /> Block Domain
            </>
          )}
        </Button>
      </fieldset>
    </form>
  );
}

function UnblockButton({ domain }: { domain: string }) {
  const [open, setOpen] = useState(false);
  const unblock = useUnblockDomain();
  const confirm = () =>
    unblock.mutate(domain, {
      onSuccess: () => {
        setOpen(false);
        showToast({ title: 'Domain Unblocked', description: `Links to ${domain} work again.`, variant: 'success' });
      },
      onError: (error) => showToast({ title: 'Error', description: errorMessage(error), variant: 'error' }),
    });
  return (
    <Dialog open={open} onOpenChange={(next) => !unblock.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Remove ${domain}`}>
          <Trash2 aria-hidden="true" /> Remove
        </Button>
      </DialogTrigger>
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogTitle>Remove {domain} from the blocklist?</DialogTitle>
        <DialogDescription>New links to {domain} will be accepted again, and its existing short links will redirect again.</DialogDescription>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={unblock.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button onClick={confirm} disabled={unblock.isPending}>
            {unblock.isPending ? (
              <>
                <Spinner className="text-primary-foreground" /> Removing...
              </>
            ) : (
              'Remove Domain'
            )}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** /admin/blocked-domains: domains refused by ZerriLink (new links refused, existing ones stop redirecting). */
export function BlockedDomainsPage() {
  usePageTitle('Blocked Domains');
  const { data, isPending, isError, error, refetch, isFetching } = useBlockedDomains();
  const forbidden = error instanceof ApiError && error.status === 403;
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Blocked Domains</h1>
        <p className="mt-1 text-muted-foreground">
          ZerriLink refuses new short links to these domains, and existing links to them stop redirecting.
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Block a domain</CardTitle>
          <CardDescription>Enter a domain such as example.com; an address is reduced to its domain.</CardDescription>
        </CardHeader>
        <CardContent>
          <BlockDomainForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Blocklist</CardTitle>
          <CardDescription aria-live="polite">
            {data ? (data.items.length === 1 ? '1 domain' : `${data.items.length} domains`) : 'Loading…'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {isPending ? (
            <LoadingState label="Loading blocked domains…" />
          ) : forbidden ? (
            <div role="alert" className="flex items-center gap-3 rounded-lg border border-red-500/40 bg-red-500/10 p-4 text-red-100">
              <ShieldAlert aria-hidden="true" className="size-5 shrink-0 text-red-300" />
              <p>{ADMINS_ONLY}</p>
            </div>
          ) : isError ? (
            <div role="alert" className="grid gap-3 rounded-lg border border-red-500/40 bg-red-500/10 p-4 text-red-100">
              <p>Failed to load blocked domains: {error.message}</p>
              <div>
                <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
                  Try again
                </Button>
              </div>
            </div>
          ) : data.items.length === 0 ? (
            <div className="flex flex-col items-center gap-3 py-10 text-center">
              <span className="flex size-12 items-center justify-center rounded-xl bg-accent text-brand-soft">
                <ShieldCheck aria-hidden="true" className="size-6" />
              </span>
              <p className="text-muted-foreground">No domains are blocked.</p>
            </div>
          ) : (
            <ul aria-label="Blocked domains" className="divide-y divide-border rounded-lg border border-border">
              {data.items.map((item) => (
                <li key={item.domain} className="flex items-center justify-between gap-4 px-4 py-3">
                  <div className="min-w-0">
                    <p className="truncate font-mono text-sm font-medium">{item.domain}</p>
                    <p className="text-xs text-muted-foreground">
                      Blocked <time dateTime={item.createdAt}>{dateFormat.format(new Date(item.createdAt))}</time>
                    </p>
                  </div>
                  <UnblockButton domain={item.domain} />
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
