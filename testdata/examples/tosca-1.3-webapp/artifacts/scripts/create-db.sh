#!/bin/sh
# create-db: placeholder script of the tosca-1.3-webapp example.
set -eu
echo "create-db"
