// The namespace of the staff tools' strings (locales/{en,ru}.ts), loaded on first use.
export const NS = 'staff';
