/**
 * @generated SignedSource<<b292210712cf3a862e8b494f274d2ddf>>
 * @relayHash 2dcd4f77c453eca53805d3ee2f5bf56a
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID a289edbbc02f55aaeca500a7a8ac3a5024c0d4d029be07b4e87f003677cb8337

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { TopicPageQuery } from './TopicPageQuery.graphql';

const node: PreloadableConcreteRequest<TopicPageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "a289edbbc02f55aaeca500a7a8ac3a5024c0d4d029be07b4e87f003677cb8337",
    "metadata": {},
    "name": "TopicPageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
