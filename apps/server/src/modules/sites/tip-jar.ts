import type { TipJar } from '@marquee/contract';

/** §9: "Tip jar default option 25; plan types single ("One Time") and month ("Monthly")". */
const TIP_JAR_DEFAULTS: TipJar = {
  enabled: false,
  options: [5, 10, 25, 50, 100],
  defaultOption: 25,
  plans: ['single', 'month'],
  survey: [],
};

/** The site's tip jar (sites.tip_jar, migration 0013), defaults filling what is missing or malformed. */
export function tipJarSettings(json: string | null | undefined): TipJar {
  let v: Partial<TipJar> = {};
  try {
    const parsed = JSON.parse(json ?? '{}') as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) v = parsed as Partial<TipJar>;
  } catch {
    v = {};
  }
  const options = Array.isArray(v.options)
    ? v.options.filter((n): n is number => typeof n === 'number' && n >= 1)
    : TIP_JAR_DEFAULTS.options;
  const plans = Array.isArray(v.plans)
    ? v.plans.filter((p): p is 'single' | 'month' => p === 'single' || p === 'month')
    : TIP_JAR_DEFAULTS.plans;
  const survey = Array.isArray(v.survey)
    ? v.survey
        .filter((s): s is { q: string } => !!s && typeof s.q === 'string' && s.q.trim() !== '')
        .map((s) => ({ q: s.q }))
    : [];
  return {
    enabled: v.enabled === true,
    options: options.length > 0 ? options : TIP_JAR_DEFAULTS.options,
    defaultOption: typeof v.defaultOption === 'number' ? v.defaultOption : TIP_JAR_DEFAULTS.defaultOption,
    plans: plans.length > 0 ? plans : TIP_JAR_DEFAULTS.plans,
    survey,
  };
}
