/** What the scoring table says of one check (weights.ts and weights-website.ts hold the table). */
export type Category = 'SEO' | 'Accessibility' | 'Content' | 'Social Media' | 'Brand Assets';

export type CheckWeight = {
  weight: number;
  category: Category;
  /** a rough figure for a small business doing the fix once */
  estimatedHours: number;
  recommendation: { title: string; description: string };
  /** failing this check sets its whole group's score to 0 */
  gatesGroup?: boolean;
};
