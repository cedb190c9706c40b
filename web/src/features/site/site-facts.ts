// The studio's facts as the pages use them: the shape lives with the pieces that show them
// (components/ui/studio-facts), so features that show a fact can take them as a prop.
export type { OpeningHoursRow, SiteFacts } from '@/components/ui/studio-facts';
