#!/bin/sh
# connect-db: placeholder script of the tosca-1.3-webapp example.
set -eu
echo "connect-db"
