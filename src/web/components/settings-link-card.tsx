import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '#web/components/ui/card.tsx';

/** A Settings card that leads to a feature's own page (webhooks, custom domains). */
export function SettingsLinkCard({ icon: Icon, title, description, link, to }: { icon: LucideIcon; title: string; description: string; link: string; to: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon aria-hidden="true" className="size-5 text-brand-soft" /> {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardFooter>
        <Button asChild variant="outline">
          <Link to={to}>{link}</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
