#!/bin/sh
# deploy-shop: placeholder script of the tosca-1.3-webapp example.
set -eu
echo "deploy-shop"
