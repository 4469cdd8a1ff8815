import { describe, expect, it } from 'vitest';
import { NftType } from '../enums.ts';
import { applicationLevel, mayModerate } from './moderation.ts';

describe('moderation rules', () => {
  it('puts a first verification at Silver and a level request at the level asked for', () => {
    expect(applicationLevel(null)).toBe(NftType.SILVER);
    expect(applicationLevel(NftType.PLATINUM)).toBe(NftType.PLATINUM);
  });

  it('lets a moderator decide only their levels and grant no higher than they moderate', () => {
    const silver = [NftType.SILVER];
    expect(mayModerate(silver, NftType.SILVER, null)).toBe(true);
    expect(mayModerate(silver, NftType.SILVER, NftType.SILVER)).toBe(true);
    expect(mayModerate(silver, NftType.SILVER, NftType.GOLD)).toBe(false);
    expect(mayModerate(silver, NftType.PLATINUM, null)).toBe(false);
    expect(mayModerate([], NftType.SILVER, null)).toBe(false);
    expect(mayModerate([NftType.SILVER, NftType.PLATINUM], NftType.SILVER, NftType.GOLD)).toBe(
      true,
    );
  });
});
