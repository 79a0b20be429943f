/**
 * @generated SignedSource<<b2fea2f80a956a3a5cdd27b30ca72348>>
 * @relayHash 6ed4e856a375fc3e7bcc73bef579f023
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 1446eeb61f92972deb8f4e51a2359473411577a3c992a194eba46509f4def5fe

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { ComposedPageQuery } from './ComposedPageQuery.graphql';

const node: PreloadableConcreteRequest<ComposedPageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "1446eeb61f92972deb8f4e51a2359473411577a3c992a194eba46509f4def5fe",
    "metadata": {},
    "name": "ComposedPageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
