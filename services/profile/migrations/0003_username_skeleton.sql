-- Issue 35 item 4: "аlice" with a Cyrillic а was a second "alice". Usernames are unique by what they
-- look like too: username_skeleton is contracts' nameSkeleton(username) (NFKC, look-alike letters of
-- other scripts mapped to Latin, lower case, accents and invisible characters dropped), written with
-- every username. Profiles made before this are filled in at start-up (ProfilesRepository.fillSkeletons);
-- the lower(username) index stays.
ALTER TABLE user_profiles ADD COLUMN username_skeleton text;
CREATE UNIQUE INDEX user_profiles_username_skeleton_key ON user_profiles (username_skeleton);
