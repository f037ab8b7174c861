echo user data
