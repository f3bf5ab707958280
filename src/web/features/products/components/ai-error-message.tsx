import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UPGRADE_PATH } from '#web/components/upgrade-notice.tsx';

/** Why a draft or translation failed; a refusal by the plan leads to the plans. */
export interface AiFailure {
  text: string;
  upgrade?: boolean;
}

export function AiErrorMessage({ failure }: { failure: AiFailure }) {
  const { t } = useTranslation('common');
  return (
    <p role="alert" className="rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-100">
      {failure.text}
      {failure.upgrade ? (
        <>
          {' '}
          <Link to={UPGRADE_PATH} className="font-medium whitespace-nowrap underline underline-offset-4">
            {t('upgrade.seePlans')}
          </Link>
        </>
      ) : null}
    </p>
  );
}
