// The namespace of the security feature's strings (locales/{en,ru}.ts), loaded on first use.
export const NS = 'security';
