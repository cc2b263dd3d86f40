/**
 * Sample content for the public dashboard preview. It is not real data: the page labels it as a sample
 * everywhere it appears.
 */
export const sampleStats = {
  brandScore: 78,
  latestScore: 82,
  auditsThisMonth: 3,
  brands: 2,
  maxBrands: 5,
  reportsGenerated: 3,
};

export const sampleAudits = [
  { id: 'a1', brand: 'Northwind Coffee Co.', date: '2025-05-28', score: 82 },
  { id: 'a2', brand: 'Harbour & Pine', date: '2025-05-19', score: 74 },
  { id: 'a3', brand: 'Northwind Coffee Co.', date: '2025-05-06', score: 71 },
];

export const sampleActions = [
  {
    title: 'Add meta descriptions to 6 pages',
    brand: 'Northwind Coffee Co.',
    category: 'SEO/Performance',
    priority: 'High',
    description: 'Search results currently show text picked by the search engine for these pages.',
  },
  {
    title: 'Use the same handle on Instagram and TikTok',
    brand: 'Harbour & Pine',
    category: 'Social Media',
    priority: 'Medium',
    description: 'Customers searching for @harbourandpine on TikTok find an unrelated account.',
  },
  {
    title: 'Raise the contrast of the secondary button colour',
    brand: 'Northwind Coffee Co.',
    category: 'Brand Assets',
    priority: 'Low',
    description: 'White text on the light sand colour has a contrast ratio of 2.1:1; WCAG asks for at least 4.5:1.',
  },
] as const;
