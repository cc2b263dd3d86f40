import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LlmDouble, startLlmDouble } from '../../../tests/doubles/llm.ts';
import {
  AUDIT_NARRATIVE_SYSTEM_PROMPT,
  type AuditNarrativeFacts,
  acceptAuditNarrative,
  localAuditNarrative,
  type TAuditNarrativeAnswer,
  writeAuditNarrative,
} from './audit-narrative.ts';
import { type AiWriter, aiConfigFromEnv, createAiWriter } from './provider.ts';

const facts: AuditNarrativeFacts = {
  brandName: 'Hollow Oak Bakery',
  scores: { overall: 64, website: 58, socialMedia: null, brandAssets: 81 },
  failedChecks: [
    {
      id: 'seo.meta-description',
      title: 'Pages have a meta description',
      summary: '7 of 12 pages have no meta description',
      area: 'website',
      group: 'seoBasics',
      scoreImpact: 6,
      priority: 'High',
      category: 'SEO',
      estimatedHours: 2,
      localTitle: 'Add meta descriptions',
      localDescription: '7 of 12 pages have no meta description. Write one sentence for each page.',
    },
    {
      id: 'a11y.image-alt',
      title: 'Images have alternative text',
      summary: '9 images have no alt attribute',
      area: 'website',
      group: 'accessibility',
      scoreImpact: 4,
      priority: 'Medium',
      category: 'Accessibility',
      estimatedHours: 1,
      localTitle: 'Describe your images',
      localDescription: '9 images have no alt text. Add a short description to each.',
    },
  ],
  passedChecks: [
    { id: 'seo.document-title', title: 'Pages have a title', summary: '12 of 12 pages have a title' },
    { id: 'assets.logo', title: 'Logo is uploaded', summary: 'A logo was uploaded' },
  ],
  localStrengths: ['Every page has a title.', 'Your logo is uploaded.'],
  localWeaknesses: ['7 pages have no meta description.', '9 images have no alt text.'],
};

const goodAnswer: TAuditNarrativeAnswer = {
  strengths: ['All 12 pages carry a title, which helps search engines.', 'Your logo is in place.'],
  weaknesses: ['7 of your 12 pages lack a meta description.', '9 images have no alternative text.'],
  recommendations: [
    {
      checkId: 'a11y.image-alt',
      title: 'Add alternative text to 9 images',
      description: 'Describe each image in a few words so that screen-reader users know what it shows.',
    },
    {
      checkId: 'seo.meta-description',
      title: 'Write meta descriptions',
      description: 'Summarise each of the 7 pages in one sentence to optimise how they appear in search results.',
    },
  ],
};

describe('writeAuditNarrative', () => {
  let double: LlmDouble;
  let writer: AiWriter | null;

  beforeAll(async () => {
    double = await startLlmDouble();
    writer = createAiWriter(
      aiConfigFromEnv({
        AI_PROVIDER: 'openai',
        AI_MODEL: 'double',
        AI_BASE_URL: double.baseUrl,
        AI_TIMEOUT_MS: '3000',
      }),
    );
  });
  afterAll(async () => {
    await double.close();
  });
  beforeEach(() => {
    double.reset();
    double.setAnswer(goodAnswer);
  });

  it('uses a good answer, in the order of the failed checks, with the measured data', async () => {
    const result = await writeAuditNarrative(writer, facts);
    expect(result.writtenBy).toBe('ai');
    expect(result.fallbackReason).toBeUndefined();
    expect(result.value.strengths).toEqual(goodAnswer.strengths);
    expect(result.value.weaknesses).toEqual(goodAnswer.weaknesses);
    expect(result.value.recommendations).toEqual([
      {
        checkId: 'seo.meta-description',
        title: 'Write meta descriptions',
        description: 'Summarise each of the 7 pages in one sentence to optimise how they appear in search results.',
        priority: 'High',
        estimatedHours: 2,
        scoreImpact: 6,
        category: 'SEO',
        writtenBy: 'ai',
      },
      {
        checkId: 'a11y.image-alt',
        title: 'Add alternative text to 9 images',
        description: 'Describe each image in a few words so that screen-reader users know what it shows.',
        priority: 'Medium',
        estimatedHours: 1,
        scoreImpact: 4,
        category: 'Accessibility',
        writtenBy: 'ai',
      },
    ]);
  });

  it('sends only the facts, and the rules, as a json_schema request', async () => {
    await writeAuditNarrative(writer, facts);
    const [sent] = double.requests;
    expect(sent?.response_format?.json_schema?.name).toBe('audit_narrative');
    expect(sent?.messages?.[0]).toEqual({ role: 'system', content: AUDIT_NARRATIVE_SYSTEM_PROMPT });
    expect(AUDIT_NARRATIVE_SYSTEM_PROMPT).toMatch(/British English/);
    expect(AUDIT_NARRATIVE_SYSTEM_PROMPT).toMatch(/Use only the given facts/);
    expect(AUDIT_NARRATIVE_SYSTEM_PROMPT).toMatch(/Do not write any number that does not appear in the facts/);
    const userContent = String(sent?.messages?.[1]?.content);
    const sentFacts = JSON.parse(userContent.slice(userContent.indexOf('{')));
    expect(sentFacts.brandName).toBe('Hollow Oak Bakery');
    expect(sentFacts.scores).toEqual(facts.scores);
    expect(sentFacts.failedChecks.map((check: { id: string }) => check.id)).toEqual([
      'seo.meta-description',
      'a11y.image-alt',
    ]);
  });

  it('drops invented check ids and keeps the local wording for checks the model left out', async () => {
    double.setAnswer({
      ...goodAnswer,
      recommendations: [
        {
          checkId: 'seo.invented-finding',
          title: 'Buy backlinks',
          description: 'Invented advice about something never measured.',
          // a model may add fields: the measured ones win
          priority: 'Low',
        },
        { ...goodAnswer.recommendations[0], estimatedHours: 40 },
      ],
    });
    const result = await writeAuditNarrative(writer, facts);
    expect(result.writtenBy).toBe('ai');
    const recommendations = result.value.recommendations;
    expect(recommendations.map((recommendation) => recommendation.checkId)).toEqual([
      'seo.meta-description',
      'a11y.image-alt',
    ]);
    expect(recommendations[0]).toMatchObject({
      title: 'Add meta descriptions',
      description: facts.failedChecks[0]?.localDescription,
      priority: 'High',
      writtenBy: 'local',
    });
    expect(recommendations[1]).toMatchObject({
      title: 'Add alternative text to 9 images',
      estimatedHours: 1,
      priority: 'Medium',
      writtenBy: 'ai',
    });
    expect(JSON.stringify(result.value)).not.toMatch(/backlinks|Invented/);
  });

  it('does not use sentences with numbers that are not in the facts', () => {
    const narrative = acceptAuditNarrative(facts, {
      strengths: ['Your titles beat 95% of bakeries.', 'Your logo is in place.'],
      weaknesses: ['9 images have no alternative text.'],
      recommendations: [
        { checkId: 'seo.meta-description', title: 'Write meta descriptions', description: 'This takes 15 minutes.' },
        { checkId: 'a11y.image-alt', title: 'Describe 9 images', description: 'Costs about 1,200 visitors a year.' },
      ],
    });
    expect(narrative.strengths).toEqual(['Your logo is in place.']);
    expect(narrative.recommendations.map((recommendation) => recommendation.writtenBy)).toEqual(['local', 'local']);
    expect(() =>
      acceptAuditNarrative(facts, { ...goodAnswer, strengths: ['You rank in the top 3 for 20 keywords.'] }),
    ).toThrow(/no strength/);
  });

  it('uses the local narrative when every strength carries an invented number', async () => {
    double.setAnswer({ ...goodAnswer, strengths: ['Your site loads 3 times faster than average.'] });
    const result = await writeAuditNarrative(writer, facts);
    expect(result).toEqual({
      value: localAuditNarrative(facts),
      writtenBy: 'local',
      fallbackReason: expect.stringMatching(/no strength/),
    });
  });

  it('sends the schema without limits a provider might reject, and checks them on the answer', async () => {
    double.setAnswer({ ...goodAnswer, strengths: Array.from({ length: 7 }, () => 'Your logo is in place.') });
    const result = await writeAuditNarrative(writer, facts);
    expect(result).toMatchObject({ writtenBy: 'local', fallbackReason: expect.stringMatching(/strengths: /) });
    expect(double.requests).toHaveLength(2);
    const schema = JSON.stringify(double.requests[0]?.response_format?.json_schema?.schema);
    expect(schema).not.toMatch(/maxItems|minItems|maxLength|minLength/);
    expect(schema).toMatch(/1 to 6 strengths/);
    expect(double.requests[0]?.response_format?.json_schema?.schema).toMatchObject({
      additionalProperties: false,
      required: ['strengths', 'weaknesses', 'recommendations'],
    });
  });

  it('falls back to the local narrative after a malformed answer and exactly one retry', async () => {
    double.setMode('malformed', { variant: 'wrong-shape' });
    const result = await writeAuditNarrative(writer, facts);
    expect(result.writtenBy).toBe('local');
    expect(result.value).toEqual(localAuditNarrative(facts));
    expect(result.fallbackReason).toMatch(/after 2 attempts/);
    expect(double.requests).toHaveLength(2);
  });

  it('falls back quickly when the model is too slow', async () => {
    double.setMode('slow', { delayMs: 5000 });
    const startedAt = Date.now();
    const impatientWriter = createAiWriter(
      aiConfigFromEnv({ AI_PROVIDER: 'openai', AI_MODEL: 'double', AI_BASE_URL: double.baseUrl, AI_TIMEOUT_MS: '200' }),
    );
    const result = await writeAuditNarrative(impatientWriter, facts);
    expect(Date.now() - startedAt).toBeLessThan(1500);
    expect(result).toMatchObject({ writtenBy: 'local', fallbackReason: expect.stringMatching(/within 200 ms/) });
    expect(double.requests).toHaveLength(1);
  });

  it('falls back when the model fails', async () => {
    double.setMode('fail');
    const result = await writeAuditNarrative(writer, facts);
    expect(result).toMatchObject({ writtenBy: 'local', fallbackReason: expect.stringMatching(/HTTP 500/) });
    expect(result.value).toEqual(localAuditNarrative(facts));
  });

  it('writes locally without a configured model', async () => {
    const result = await writeAuditNarrative(createAiWriter(aiConfigFromEnv({ AI_PROVIDER: 'none' })), facts);
    expect(result).toEqual({ value: localAuditNarrative(facts), writtenBy: 'local' });
    expect(result.value.recommendations.every((recommendation) => recommendation.writtenBy === 'local')).toBe(true);
    expect(result.value.strengths).toEqual(facts.localStrengths);
    expect(double.requests).toHaveLength(0);
  });
});
