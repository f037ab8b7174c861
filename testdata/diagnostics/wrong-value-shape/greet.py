# implementation placeholder for the fixture
