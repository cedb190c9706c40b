import { useQuery, type Query } from '@/lib/use-query';
import { getPrivacy, type PrivacyFacts } from '../api/get-privacy';

/** The privacy notice's facts (the retention settings in words, who else sees data), drawn into the page by the server. */
export function usePrivacy(): Query<PrivacyFacts> {
  return useQuery('privacy', getPrivacy, { firstLoad: '/api/privacy/' });
}
