import { useTranslation } from 'react-i18next';
import { TitleSkeleton } from './title-hero';
import './titles.css';

/** The title page skeleton, for routes waiting on the site's flags. */
export function TitleSkeletonFallback() {
  const { t } = useTranslation('titles');
  return <TitleSkeleton label={t('loading')} />;
}
