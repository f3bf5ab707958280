import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Notice } from '#web/components/notice.tsx';

/** A sign-in refused, or a session ended, because an admin suspended the account: says so, with the way to support. */
export function SuspendedNotice({ message }: { message: string }) {
  const { t } = useTranslation('auth');
  return (
    <Notice variant="error" title={t('suspended.title')}>
      <p>{message}</p>
      <p className="mt-2">
        <Link to="/contact" className="font-medium text-red-50 underline underline-offset-4 hover:text-white">
          {t('suspended.contact')}
        </Link>
      </p>
    </Notice>
  );
}
