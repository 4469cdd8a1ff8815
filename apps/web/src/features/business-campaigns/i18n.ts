// The namespace of this feature's strings (locales/{en,ru}.ts), loaded on first use.
export const NS = 'business-campaigns';
