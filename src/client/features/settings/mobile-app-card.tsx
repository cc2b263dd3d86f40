import { Bell, Smartphone } from 'lucide-react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';

export const mobileAppNotice =
  'The Brandlens mobile app is not available yet. Until it is, everything in Brandlens works in your phone’s browser.';

/** SPEC §2 Settings: the mobile app is coming; Notify Me only shows a browser alert, and says so honestly. */
export function MobileAppCard() {
  return (
    <Card aria-labelledby="mobile-app-card-title">
      <CardHeader>
        <CardTitle id="mobile-app-card-title" className="flex flex-wrap items-center gap-2">
          <Smartphone aria-hidden="true" className="size-5 text-primary" />
          Mobile App
          <Badge variant="secondary">Coming Soon</Badge>
        </CardTitle>
        <CardDescription>A Brandlens app for your phone is in the works.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={() => window.alert(mobileAppNotice)}>
          <Bell aria-hidden="true" />
          Notify Me
        </Button>
      </CardContent>
    </Card>
  );
}
