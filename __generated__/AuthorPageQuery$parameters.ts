/**
 * @generated SignedSource<<16f2ddb0c464350b01023cdb1eea99d6>>
 * @relayHash 3ae87dc5253fd5d8f2dae4f24642b706
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID ca6cf3c6b0fcfd9b83e0e262daa2515464db61939cb397bcbab25bd18b6902fa

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { AuthorPageQuery } from './AuthorPageQuery.graphql';

const node: PreloadableConcreteRequest<AuthorPageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "ca6cf3c6b0fcfd9b83e0e262daa2515464db61939cb397bcbab25bd18b6902fa",
    "metadata": {},
    "name": "AuthorPageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
