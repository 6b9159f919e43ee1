// Kept under their local names so the screens read the same; the styles live in the shared kit.
export {
  CardBadges as StyledBadges,
  CardFacts as StyledFacts,
  CardGrid as StyledCardGrid,
  CardHeader as StyledCardHeader,
  FormError as StyledFormError,
  FormStack as StyledFormStack,
  TwoColumns as StyledTwoColumns,
} from '@app/shared';
