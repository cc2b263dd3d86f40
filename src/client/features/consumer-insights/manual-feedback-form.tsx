import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle, MessageSquarePlus } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { Controller, type FieldError, type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  insightSourceLabels,
  insightSourceValues,
  MAX_INSIGHT_CONTENT_LENGTH,
  manualFeedbackMessage,
  type TInsightSource,
  ZCreateInsightRequest,
} from '../../../shared/schemas/insights.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { cn } from '../../lib/utils.ts';
import { useCreateInsight } from './insight-queries.ts';

/** The form's own fields; the brand comes from the page's brand selector. */
const ZFeedbackForm = ZCreateInsightRequest.omit({ brandId: true });
type FeedbackFormOutput = z.output<typeof ZFeedbackForm>;
type FeedbackFormValues = {
  source: TInsightSource;
  platform: string;
  authorName: string;
  authorHandle: string;
  content: string;
};

/** The shared schema trims (preprocess), so zod types its inputs as unknown; these are its inputs. */
const feedbackResolver = zodResolver(ZFeedbackForm) as unknown as Resolver<
  FeedbackFormValues,
  unknown,
  FeedbackFormOutput
>;

const emptyForm: FeedbackFormValues = {
  source: 'feedback',
  platform: '',
  authorName: '',
  authorHandle: '',
  content: '',
};

/** The counter appears once the text is within this many characters of the limit. */
const COUNTER_FROM = MAX_INSIGHT_CONTENT_LENGTH - 1_000;

function FieldMessage({ id, error }: { id: string; error?: FieldError }) {
  if (!error?.message) return null;
  return (
    <p id={id} className="text-destructive text-xs">
      {error.message}
    </p>
  );
}

function refuseIncomplete() {
  toast({ title: 'Error', description: manualFeedbackMessage, variant: 'destructive' });
}

/**
 * Manual consumer feedback (SPEC §2, §5): a source, where it was said, who said it and what. It is
 * analysed by the server at once. Ctrl+Enter (⌘+Enter) sends from the text box.
 */
export function ManualFeedbackForm({ brandId, brandName }: { brandId: string | null; brandName?: string }) {
  const {
    control,
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<FeedbackFormValues, unknown, FeedbackFormOutput>({
    resolver: feedbackResolver,
    defaultValues: emptyForm,
  });
  const create = useCreateInsight({ onCreated: () => reset(emptyForm) });
  const content = watch('content');
  const incomplete = !brandId || content.trim() === '';

  const submit = handleSubmit(
    (output) => {
      if (!brandId) return refuseIncomplete();
      create.mutate({ ...output, brandId });
    },
    (invalid) => {
      // A missing brand or blank text gets the one message SPEC gives; other problems show by their field.
      if (invalid.content?.message === manualFeedbackMessage) refuseIncomplete();
    },
  );

  const attempt = () => {
    if (create.isPending) return;
    if (incomplete) refuseIncomplete();
    else void submit();
  };

  const sendOnCtrlEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      attempt();
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg">
            <MessageSquarePlus aria-hidden="true" className="size-5 text-primary" />
            Add Consumer Feedback
          </h2>
        </CardTitle>
        <CardDescription>
          Paste a review, a survey answer or a customer's message{brandName ? ` about ${brandName}` : ''}. We analyse
          its sentiment, topics and emotions straight away.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          aria-label="Add consumer feedback"
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            attempt();
          }}
        >
          <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            <div className="space-y-2">
              <Label htmlFor="feedback-source">Source</Label>
              <Controller
                control={control}
                name="source"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange}>
                    <SelectTrigger id="feedback-source" className="w-full">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {insightSourceValues.map((value) => (
                        <SelectItem key={value} value={value}>
                          {insightSourceLabels[value]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </div>
            <div className="space-y-2">
              <Label htmlFor="feedback-platform">Platform</Label>
              <Input
                id="feedback-platform"
                placeholder="e.g. Google, Trustpilot, email"
                autoComplete="off"
                aria-invalid={errors.platform ? true : undefined}
                aria-describedby={errors.platform ? 'feedback-platform-error' : undefined}
                {...register('platform')}
              />
              <FieldMessage id="feedback-platform-error" error={errors.platform} />
            </div>
            <div className="space-y-2">
              <Label htmlFor="feedback-author">Author name</Label>
              <Input
                id="feedback-author"
                placeholder="Optional"
                autoComplete="off"
                aria-invalid={errors.authorName ? true : undefined}
                aria-describedby={errors.authorName ? 'feedback-author-error' : undefined}
                {...register('authorName')}
              />
              <FieldMessage id="feedback-author-error" error={errors.authorName} />
            </div>
            <div className="space-y-2">
              <Label htmlFor="feedback-handle">Author handle</Label>
              <Input
                id="feedback-handle"
                placeholder="e.g. @customer"
                autoComplete="off"
                aria-invalid={errors.authorHandle ? true : undefined}
                aria-describedby={errors.authorHandle ? 'feedback-handle-error' : undefined}
                {...register('authorHandle')}
              />
              <FieldMessage id="feedback-handle-error" error={errors.authorHandle} />
            </div>
          </div>
          <div className="space-y-2">
            <div className="flex items-end justify-between gap-2">
              <Label htmlFor="feedback-content">Feedback</Label>
              {content.length >= COUNTER_FROM && (
                <span
                  className={cn(
                    'text-xs tabular-nums',
                    content.length > MAX_INSIGHT_CONTENT_LENGTH ? 'text-destructive' : 'text-muted-foreground',
                  )}
                >
                  {content.length.toLocaleString('en-GB')} / {MAX_INSIGHT_CONTENT_LENGTH.toLocaleString('en-GB')}
                </span>
              )}
            </div>
            <Textarea
              id="feedback-content"
              rows={4}
              className="max-h-72 min-h-24"
              placeholder="What did the customer say?"
              aria-invalid={errors.content ? true : undefined}
              aria-describedby={errors.content ? 'feedback-content-error' : undefined}
              onKeyDown={sendOnCtrlEnter}
              {...register('content')}
            />
            <FieldMessage id="feedback-content-error" error={errors.content} />
          </div>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className={cn('text-muted-foreground text-xs', brandId && 'hidden sm:block')}>
              {brandId ? 'Ctrl+Enter sends from the text box.' : 'Select a brand to add feedback.'}
            </p>
            <Button type="submit" disabled={incomplete || create.isPending} className="sm:w-44">
              {create.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
              {create.isPending ? 'Analysing...' : 'Analyse Feedback'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
