/**
 * @generated SignedSource<<737269ddf6e38cbb67ee185860ce8f91>>
 * @relayHash 92729ac22d9014f89f89301c896c0b2f
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 6f245fd07da07e55f614c809957d5fbd2afe1faedcfd3b8a8d3b303f93744be1

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { TopicPageQuery } from './TopicPageQuery.graphql';

const node: PreloadableConcreteRequest<TopicPageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "6f245fd07da07e55f614c809957d5fbd2afe1faedcfd3b8a8d3b303f93744be1",
    "metadata": {},
    "name": "TopicPageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
